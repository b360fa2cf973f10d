// Hostile links aimed at what a route captures: queries, fragments, parameter values, sizes.

extension HostileLink {
  static let fragmentAndQueryConfusion: [HostileLink] = [
    .foreign("https://attacker.test#@shop.example.com/cart", .fragmentAndQueryConfusion),
    .foreign("https://attacker.test?@shop.example.com/cart", .fragmentAndQueryConfusion),
    .foreign("https://attacker.test#.shop.example.com/cart", .fragmentAndQueryConfusion),
    .foreign("https://attacker.test/?url=https://shop.example.com/cart", .fragmentAndQueryConfusion),
    .ownSite("https://shop.example.com#@attacker.test", .fragmentAndQueryConfusion, "unmatchedWebPath"),
    .ownSite("https://shop.example.com/search%3Fq=x", .fragmentAndQueryConfusion, "unmatchedWebPath"),
    .notFound("shop://cart%3Fx=1", .fragmentAndQueryConfusion),
    .notFound("shop://cart%23checkout", .fragmentAndQueryConfusion),
    .notFound("shop://pay#?order_id=1", .fragmentAndQueryConfusion),
    .notFound("shop://pay?#order_id=1", .fragmentAndQueryConfusion),
    .notFound("shop://search#?q=x", .fragmentAndQueryConfusion),
    .notFound("shop://pay?order_id=&order_id=2", .fragmentAndQueryConfusion),
    .notFound("shop://pay?ORDER_ID=1", .fragmentAndQueryConfusion),
    .notFound("shop://pay?order_id=1%23x", .fragmentAndQueryConfusion),
    .notFound("shop://pay?order_id=1;order_id=2", .fragmentAndQueryConfusion),
    .inert("https://shop.example.com/cart#/checkout", .fragmentAndQueryConfusion, route: "/cart"),
    .inert("shop://cart#/pay?order_id=1", .fragmentAndQueryConfusion, route: "/cart"),
    .inert("shop://cart?/pay?order_id=1", .fragmentAndQueryConfusion, route: "/cart"),
    .inert(
      "shop://search?q=1#?q=attacker", .fragmentAndQueryConfusion, route: "/search?q={query}",
      parameters: ["query": "1"]),
    .inert(
      "shop://search?q=x&q=attacker", .fragmentAndQueryConfusion, route: "/search?q={query}",
      parameters: ["query": "x"]),
    .inert(
      "shop://pay?order_id=1&order_id=2", .fragmentAndQueryConfusion, route: "/pay?order_id={order_id:int}",
      parameters: ["order_id": "1"], barriers: ["authentication", "confirmation"]),
    .inert(
      "shop://search?q=a%26order_id%3D1", .fragmentAndQueryConfusion, route: "/search?q={query}",
      parameters: ["query": "a&order_id=1"]),
  ]

  static let parameterTypeConfusion: [HostileLink] = [
    .notFound("shop://pay?order_id=+1", .parameterTypeConfusion),
    .notFound("shop://pay?order_id=1+", .parameterTypeConfusion),
    .notFound("shop://pay?order_id=-1", .parameterTypeConfusion),
    .notFound("shop://pay?order_id=0x1", .parameterTypeConfusion),
    .notFound("shop://pay?order_id=1e3", .parameterTypeConfusion),
    .notFound("shop://pay?order_id=%EF%BC%91", .parameterTypeConfusion),
    .notFound("shop://pay?order_id=\u{0661}", .parameterTypeConfusion),
    .notFound("shop://pay?order_id=9999999999999999999", .parameterTypeConfusion),
    .notFound("shop://pay?order_id", .parameterTypeConfusion),
    .notFound("shop://product/1.0", .parameterTypeConfusion),
    .notFound("shop://product/%201", .parameterTypeConfusion),
    .notFound("shop://product/%5B1%5D", .parameterTypeConfusion),
    .notFound("shop://orders/1,2", .parameterTypeConfusion),
    .ownSite("https://shop.example.com/ip/desk/12abc", .parameterTypeConfusion, "unmatchedWebPath"),
  ]

  static let rawUnsafeCharacters: [HostileLink] = [
    .keptInApp("shop://product/1 2", .rawUnsafeCharacters, "invalidCharacter"),
    .keptInApp("shop://search?q=<script>", .rawUnsafeCharacters, "invalidCharacter"),
    .keptInApp("shop://product/\"1\"", .rawUnsafeCharacters, "invalidCharacter"),
    .keptInApp("https://shop.example.com/cart`", .rawUnsafeCharacters, "invalidCharacter"),
    .keptInApp("shop://search?q={x}", .rawUnsafeCharacters, "invalidCharacter"),
    .keptInApp("shop://search?q=a|b", .rawUnsafeCharacters, "invalidCharacter"),
    .keptInApp("shop://search?q=a^b", .rawUnsafeCharacters, "invalidCharacter"),
    .keptInApp("shop://product/[1]", .rawUnsafeCharacters, "invalidCharacter"),
    .keptInApp("shop://product/1#[x]", .rawUnsafeCharacters, "invalidCharacter"),
    .invalid("https://shop.example.com /cart", .rawUnsafeCharacters, "invalidCharacter"),
    .invalid("https://shop example.com/cart", .rawUnsafeCharacters, "invalidCharacter"),
    .keptInApp("https://shop.example.com/cart ", .rawUnsafeCharacters, "invalidCharacter"),
    .invalid("https://[shop.example.com]/cart", .rawUnsafeCharacters, "ipAddressHost"),
    .invalid("https://shop.example.com%20/cart", .rawUnsafeCharacters, "invalidHost"),
    .invalid("https://shop_example.com/cart", .rawUnsafeCharacters, "invalidHost"),
    .invalid("https://shop.example.com%3A443/cart", .rawUnsafeCharacters, "invalidHost"),
  ]

  static let overLong: [HostileLink] = [
    .keptInApp("shop://product/" + String(repeating: "1", count: 9000), .overLong, "tooLong"),
    .keptInApp("shop://search?q=" + String(repeating: "a", count: 8193 - 16), .overLong, "tooLong"),
    .keptInApp("shop://search?q=" + String(repeating: "\u{E9}", count: 4100), .overLong, "tooLong"),
    .keptInApp("shop://product/" + String(repeating: "%2e", count: 3000), .overLong, "tooLong"),
    .keptInApp("shop://" + String(repeating: "/", count: 9000) + "cart", .overLong, "tooLong"),
    // Found by the fuzzer: links under 8 KiB whose normal form (`absoluteString`) is over it.
    .keptInApp("shop://search?q=" + String(repeating: "+", count: 3000), .overLong, "tooLong"),
    .keptInApp("shop://transaction/" + String(repeating: "\u{E9}", count: 2000), .overLong, "tooLong"),
    .keptInApp("shop://transaction/a" + String(repeating: ":", count: 2900), .overLong, "tooLong"),
    .keptInApp("shop:" + String(repeating: "a", count: 8187), .overLong, "tooLong"),
    .keptInApp("https://shop.example.com/cart?q=" + String(repeating: "a", count: 1 << 20), .overLong, "tooLong"),
    // Past 8 KiB the authority is not read to its end: never the app's, whatever follows.
    .invalid("https://" + String(repeating: "a@", count: 500_000) + "shop.example.com/", .overLong, "tooLong"),
    .invalid(
      "https://attacker.test" + String(repeating: ":", count: 8200) + "@shop.example.com/", .overLong, "tooLong"),
    .invalid("https://" + String(repeating: "a", count: 64) + ".example.com/cart", .overLong, "hostTooLong"),
    .invalid("https://" + String(repeating: "a.", count: 126) + "com/cart", .overLong, "hostTooLong"),
    .inert("https://shop.example.com:" + String(repeating: "0", count: 40) + "443/cart", .overLong, route: "/cart"),
    .keptInApp("shop://" + String(repeating: "a/", count: 65) + "cart", .overLong, "tooManyPathSegments"),
    .keptInApp(
      "https://shop.example.com/" + String(repeating: "a/", count: 200), .overLong, "tooManyPathSegments"),
    .foreign("https://" + String(repeating: "a", count: 63) + ".example.com/cart", .overLong),
    .notFound("shop://" + String(repeating: "a/", count: 63) + "cart", .overLong),
    .notFound("shop://product/" + String(repeating: "1", count: 19), .overLong),
    .inert(
      "shop://search?q=" + String(repeating: "a", count: 8192 - 16), .overLong, route: "/search?q={query}",
      parameters: ["query": String(repeating: "a", count: 8192 - 16)]),
    .inert("shop://" + String(repeating: "/", count: 8000) + "cart", .overLong, route: "/cart"),
    .inert("shop://cart?" + String(repeating: "a&", count: 4000), .overLong, route: "/cart"),
    .inert(
      "shop://search?" + String(repeating: "q=x&", count: 2000), .overLong, route: "/search?q={query}",
      parameters: ["query": "x"]),
  ]

  static let nestedURLParameters: [HostileLink] = [
    .keptInApp("shop://product/https:%2F%2Fattacker.test", .nestedURLParameter, "encodedSlash"),
    .keptInApp("https://shop.example.com/ip/https:%2F%2Fattacker.test/1", .nestedURLParameter, "encodedSlash"),
    .notFound("shop://product/https:attacker.test", .nestedURLParameter),
    .notFound("shop://product/1/https://attacker.test", .nestedURLParameter),
    .ownSite("https://shop.example.com/https://attacker.test", .nestedURLParameter, "unmatchedWebPath"),
    .ownSite(
      "https://shop.example.com/redirect?url=https%3A%2F%2Fattacker.test", .nestedURLParameter, "unmatchedWebPath"),
    .inert(
      "shop://search?q=https://attacker.test", .nestedURLParameter, route: "/search?q={query}",
      parameters: ["query": "https://attacker.test"]),
    .inert(
      "https://shop.example.com/search?q=javascript:alert(1)", .nestedURLParameter, route: "/search?q={query}",
      parameters: ["query": "javascript:alert(1)"]),
    .inert("shop://login?redirect=https://attacker.test", .nestedURLParameter, route: "/login"),
    .inert("shop://login?next=//attacker.test", .nestedURLParameter, route: "/login"),
    .inert(
      "shop://store/1?url=javascript:alert(1)", .nestedURLParameter, route: "/store/{id:int}", parameters: ["id": "1"]),
    .inert("shop://cart?continue=https%3A%2F%2Fattacker.test%2Fcheckout", .nestedURLParameter, route: "/cart"),
    .inert(
      "https://shop.example.com/ip/attacker.test/1", .nestedURLParameter, route: "/product/{id:int}",
      parameters: ["slug": "attacker.test", "id": "1"]),
    .inert(
      "https://shop.example.com/ip/desk/1?url=https://attacker.test", .nestedURLParameter, route: "/product/{id:int}",
      parameters: ["slug": "desk", "id": "1"]),
    .inert(
      "shop://search?q=shop://pay?order_id=1", .nestedURLParameter, route: "/search?q={query}",
      parameters: ["query": "shop://pay?order_id=1"]),
    .inert(
      "shop://search?q=intent://x#Intent;end", .nestedURLParameter, route: "/search?q={query}",
      parameters: ["query": "intent://x"]),
    .inert(
      "shop://pay?order_id=1&redirect=https://attacker.test", .nestedURLParameter,
      route: "/pay?order_id={order_id:int}",
      parameters: ["order_id": "1"], barriers: ["authentication", "confirmation"]),
    .inert(
      "shop://search?q=%3Cscript%3Ealert(1)%3C/script%3E", .nestedURLParameter, route: "/search?q={query}",
      parameters: ["query": "<script>alert(1)</script>"]),
    .inert(
      "shop://search?q=data:text/html;base64,PHNjcmlwdD4=", .nestedURLParameter, route: "/search?q={query}",
      parameters: ["query": "data:text/html;base64,PHNjcmlwdD4="]),
  ]

  /// Every hostile link in the suite.
  static let all: [HostileLink] =
    userinfoAndBackslash + lookAlikeHosts + ipHosts + emptyHostAndSlashCount + portTricks
    + idnHomographsAndFullWidthDots + encodedDotsAndSlashes + doubleEncoding + traversalInParameters
    + dangerousSchemes + lookAlikeSchemes + controlCharacters + malformedEscapesAndInvalidUTF8 + schemeRelative
    + fragmentAndQueryConfusion + parameterTypeConfusion + rawUnsafeCharacters + overLong + nestedURLParameters
    + marketSpaces
}
