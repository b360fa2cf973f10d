import DeepLinkCore

// The platform routes' destinations: what the app shows for each platform link, as values
// (``PlatformRoute`` declares each one; composition checks them against the patterns).
// `locale` is the language a market's web path passes on (`fr` for `/fr/panier`); `nil` for the
// app's own links.

/// Home (`/`, `/home`).
public struct HomePage: LinkDestination {
  /// Creates the destination.
  public init() {}
}

/// A product's detail (`/product/{id:int}`).
public struct ProductPage: LinkDestination {
  /// The product.
  public let id: Int
  /// The language of the web path that opened it, if any.
  public let locale: String?

  /// Creates the destination.
  public init(id: Int, locale: String? = nil) {
    self.id = id
    self.locale = locale
  }
}

/// Search results (`/search?q={query}`).
public struct SearchResults: LinkDestination {
  /// The text searched for.
  public let query: String
  /// The language of the web path that opened it, if any.
  public let locale: String?

  /// Creates the destination.
  public init(query: String, locale: String? = nil) {
    self.query = query
    self.locale = locale
  }
}

/// A category (`/category/{id:int}`).
public struct CategoryPage: LinkDestination {
  /// The category.
  public let id: Int
  /// The language of the web path that opened it, if any.
  public let locale: String?

  /// Creates the destination.
  public init(id: Int, locale: String? = nil) {
    self.id = id
    self.locale = locale
  }
}

/// The cart (`/cart`).
public struct CartPage: LinkDestination {
  /// The language of the web path that opened it, if any.
  public let locale: String?

  /// Creates the destination.
  public init(locale: String? = nil) {
    self.locale = locale
  }
}

/// Checkout (`/checkout`).
public struct CheckoutPage: LinkDestination {
  /// Creates the destination.
  public init() {}
}

/// Paying an order (`/pay?order_id={order_id:int}`).
public struct PaymentPage: LinkDestination {
  /// The order to pay.
  public let orderID: Int

  /// Creates the destination.
  public init(orderID: Int) {
    self.orderID = orderID
  }

  enum CodingKeys: String, CodingKey {
    case orderID = "order_id"
  }
}

/// A payment's detail (`/transaction/{transaction_id}`).
public struct TransactionPage: LinkDestination {
  /// The payment's identifier, as the link carries it.
  public let transactionID: String

  /// Creates the destination.
  public init(transactionID: String) {
    self.transactionID = transactionID
  }

  enum CodingKeys: String, CodingKey {
    case transactionID = "transaction_id"
  }
}

/// The order history (`/orders`).
public struct OrderHistoryPage: LinkDestination {
  /// Creates the destination.
  public init() {}
}

/// One order (`/orders/{id:int}`).
public struct OrderPage: LinkDestination {
  /// The order.
  public let id: Int
  /// The language of the web path that opened it, if any.
  public let locale: String?

  /// Creates the destination.
  public init(id: Int, locale: String? = nil) {
    self.id = id
    self.locale = locale
  }
}

/// The account (`/account`).
public struct AccountPage: LinkDestination {
  /// Creates the destination.
  public init() {}
}

/// Sign-in (`/login`).
public struct LoginPage: LinkDestination {
  /// Creates the destination.
  public init() {}
}

/// A store's page (`/store/{id:int}`).
public struct StorePage: LinkDestination {
  /// The store.
  public let id: Int

  /// Creates the destination.
  public init(id: Int) {
    self.id = id
  }
}

/// Deals, or one deal (`/deals/{id:int?}`).
public struct DealsPage: LinkDestination {
  /// The deal, `nil` for every deal.
  public let id: Int?

  /// Creates the destination.
  public init(id: Int? = nil) {
    self.id = id
  }
}

/// A product list, a step of chained links (`/productlist/{id:int}`).
public struct ProductListPage: LinkDestination {
  /// The list.
  public let id: Int

  /// Creates the destination.
  public init(id: Int) {
    self.id = id
  }
}

/// A product's detail as a step of chained links (`/productdetail/{id:int}`).
public struct ProductDetailPage: LinkDestination {
  /// The product.
  public let id: Int

  /// Creates the destination.
  public init(id: Int) {
    self.id = id
  }
}
