import DeepLinkCore
import DeepLinkTesting
import Foundation

/// A small app: scheme `shop` and market scheme `shopca` (custom host `ca`), domain
/// `shop.example.com`, one universal-link rule, routes by closure and by plugin.
@MainActor
struct Fixture {
  let linker: DeepLinker
  let telemetry = RecordingTelemetry()
  let clock = ManualClock()
  let auth = ControlledBarrier(name: "authentication", isSatisfied: true)
  let confirmation = ControlledBarrier(name: "confirmation", isSatisfied: false)
  let transactions = RecordingPlugin(
    "/transaction/{transaction_id}", name: "transactions", barriers: ["authentication"])
  let slow = RecordingPlugin("/slow", name: "slow", completion: .never, completionTimeout: .seconds(5))
  let twice = RecordingPlugin("/twice", name: "twice", completion: .twice)
  let pay = RecordingPlugin("/pay?order_id={order_id}", name: "pay", barriers: ["authentication"], changesState: true)
  let log = EntryLog()

  init(policy: PendingLinkPolicy = .supersede, configure: (DeepLinker.Configurator) -> DeepLinker.Configurator = { $0 })
    throws
  {
    let linker = DeepLinker(clock: clock)
    let configurator = linker.configure()
      .add(urlSchemes: [URLScheme("shop"), URLScheme("shopca", customHost: "ca")])
      .add(allowedDomains: ["shop.example.com", "*.shop.example.com"])
      .add(universalLinks: [
        UniversalLink("https://shop.example.com/ip/{slug}/{id}", to: "/product/{id}"),
        UniversalLink("https://shop.example.com/fr/panier", to: "/cart", parameters: ["locale": "fr"]),
      ])
      .install(plugin: transactions)
      .install(plugin: slow)
      .install(plugin: twice)
      .install(plugin: pay)
      .install(barrier: auth)
      .set(confirmationBarrier: confirmation)
      .with(telemetry: telemetry)
      .with(clock: clock)
      .set(pendingLinkPolicy: policy)
    try configure(configurator).initialize()
    self.linker = linker
    let log = self.log
    try linker.addRoute("/product/{id:int}") { link, state in
      log.append("product \(state.parameters["id"] ?? "?")")
      return true
    }
    try linker.addRoute("/cart") { _, state in
      log.append("cart \(state.parameters["locale"] ?? "-")")
      return true
    }
    try linker.addRoute("/orders/{id}", barriers: ["authentication"]) { _, state in
      log.append("order \(state.parameters["id"] ?? "?")")
      return true
    }
  }
}
