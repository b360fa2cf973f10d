import DeepLinkCore

/// The platform's link catalogue (the brief's `LINKS.md`, "Platform").
extension PlatformRoute {
  /// Home: `shop://` and `shop:///`.
  public static let home = PlatformRoute("home", "/", destination: HomePage.self, placement: .root(of: .home))
  /// Home by name: `shop://home`.
  package static let homeAlias = PlatformRoute("home", "/home", destination: HomePage.self, placement: .root(of: .home))
  /// Product detail.
  public static let product = PlatformRoute(
    "product", "/product/{id:int}", destination: ProductPage.self, placement: LinkPlacement(tab: .home))
  /// Search results.
  public static let search = PlatformRoute(
    "search", "/search?q={query}", freeTextParameters: ["query"], destination: SearchResults.self,
    placement: LinkPlacement(tab: .search, policy: .update))
  /// Browse a category.
  public static let category = PlatformRoute(
    "category", "/category/{id:int}", destination: CategoryPage.self, placement: LinkPlacement(tab: .home))
  /// The cart.
  public static let cart = PlatformRoute("cart", "/cart", destination: CartPage.self, placement: .root(of: .cart))
  /// Checkout.
  public static let checkout = PlatformRoute(
    "checkout", "/checkout", barriers: [.authentication], destination: CheckoutPage.self,
    placement: LinkPlacement(tab: .cart))
  /// Pay an order: changes state.
  public static let pay = PlatformRoute(
    "pay", "/pay?order_id={order_id:int}", barriers: [.authentication], changesState: true,
    destination: PaymentPage.self, placement: LinkPlacement(tab: .cart, parents: [CheckoutPage.self]))
  /// A payment's detail.
  public static let transaction = PlatformRoute(
    "transaction", "/transaction/{transaction_id}", barriers: [.authentication],
    destination: TransactionPage.self, placement: LinkPlacement(tab: .account, parents: [OrderHistoryPage.self]))
  /// Order history.
  public static let orders = PlatformRoute(
    "orders", "/orders", barriers: [.authentication], destination: OrderHistoryPage.self,
    placement: LinkPlacement(tab: .account))
  /// One order.
  public static let order = PlatformRoute(
    "order", "/orders/{id:int}", barriers: [.authentication], destination: OrderPage.self,
    placement: LinkPlacement(tab: .account, parents: [OrderHistoryPage.self], policy: .update))
  /// The account.
  public static let account = PlatformRoute(
    "account", "/account", barriers: [.authentication], destination: AccountPage.self,
    placement: .root(of: .account))
  /// Sign in.
  public static let login = PlatformRoute(
    "login", "/login", destination: LoginPage.self, placement: LinkPlacement(tab: .account))
  /// A store's page.
  public static let store = PlatformRoute(
    "store", "/store/{id:int}", destination: StorePage.self, placement: LinkPlacement(tab: .home))
  /// Deals, or one deal.
  public static let deals = PlatformRoute(
    "deals", "/deals/{id:int?}", destination: DealsPage.self, placement: LinkPlacement(tab: .home))
  /// A product list; chainable.
  public static let productList = PlatformRoute(
    "productList", "/productlist/{id:int}", isChainable: true, destination: ProductListPage.self,
    placement: LinkPlacement(tab: .home))
  /// A product detail; chainable.
  public static let productDetail = PlatformRoute(
    "productDetail", "/productdetail/{id:int}", isChainable: true, destination: ProductDetailPage.self,
    placement: LinkPlacement(tab: .home))

  /// Every platform route, in registration order.
  package static let platformCatalogue: [PlatformRoute] = [
    home, homeAlias, product, search, category, cart, checkout, pay, transaction, orders, order, account, login, store,
    deals, productList, productDetail,
  ]
}

/// The app's tabs, where the platform's routes live (`Docs/Navigation.md`).
extension NavigationTab {
  /// Home: browsing (products, categories, stores, deals).
  public static let home: NavigationTab = "home"
  /// Search.
  public static let search: NavigationTab = "search"
  /// The cart, checkout and payment.
  public static let cart: NavigationTab = "cart"
  /// The account: orders, payments, sign-in.
  public static let account: NavigationTab = "account"
}

/// The names of the barriers platform routes use; the app installs barriers under them.
extension BarrierName {
  /// The platform's barrier for a signed-in user.
  public static let authentication: BarrierName = "authentication"
  /// The platform's confirmation of a state-changing link from outside the app.
  public static let confirmation: BarrierName = "confirmation"
  /// Names only the platform may give a barrier: a market barrier with one of them is refused
  /// at composition, so no market replaces a platform barrier.
  package static let platformReserved: [BarrierName] = [authentication, confirmation]
}
