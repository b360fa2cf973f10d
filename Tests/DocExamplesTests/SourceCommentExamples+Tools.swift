import DeepLinkApple
import DeepLinkCLI
import DeepLinkCore
import DeepLinkTools

// The doc-comment examples of the tool (DeepLinkCLI and DeepLinkTools, `package` API) and of DeepLinkApple (see
// SourceCommentExamples.swift). The UIKit and SwiftUI ones compile where those frameworks exist.

// Sources/DeepLinkCLI/ArgumentParser.swift
@DocLines func argumentParserExample() throws {
  let invocation = try ArgumentParser.parse(["route", "--market", "CA", "shop://cart"])
  invocation
}

// Sources/DeepLinkCLI/ByteOutput.swift
@DocLines func byteOutputExample() {
  let output = ByteOutput.memory()
  output.write("hello\n")
  output.text  // "hello\n"
}

// Sources/DeepLinkCLI/DeepLinkTool.swift
@DocLines func toolExample() {
  let environment = ToolEnvironment.memory()
  let status = DeepLinkTool.run(["route", "--json", "shop://cart"], environment: environment)
  environment.standardOutput.text  // {"url":"shop://cart",…}
  status
}

// Sources/DeepLinkTools/Output/JSONWriter.swift
@DocLines func jsonWriterExample() {
  var json = JSONWriter()
  json.beginObject()
  json.key("outcome"); json.string("routed")
  json.endObject()
  String(decoding: json.bytes, as: UTF8.self)  // {"outcome":"routed"}
}

// Sources/DeepLinkTools/QR/QRCode.swift
@DocLines func qrCodeExample() throws {
  let code = try QRCode(encoding: "https://shop.example.ca/fr/panier")
  code.version  // 3
  code.isDark(row: 0, column: 0)  // true: a finder pattern's corner
}

// Sources/DeepLinkApple/IncomingLink.swift
@MainActor @DocLines func incomingLinkExample(linker: DeepLinker, userActivity: some IncomingUserActivity) {
  // scene(_:continue:)
  if let link = IncomingLink(userActivity: userActivity) { linker.route(link) }
}

#if canImport(UIKit) && !os(watchOS)
  import UIKit

  // Sources/DeepLinkApple/SceneLinkRouter.swift
  @MainActor final class SceneDelegateExample {
    let links: SceneLinkRouter
    init(linker: DeepLinker) { links = SceneLinkRouter(linker: linker) }

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
      links.route(connectionOptions: options)  // links = SceneLinkRouter(linker: linker)
    }
    func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
      links.route(openURLContexts: contexts)
    }
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
      links.route(userActivity: userActivity)
    }
  }
#endif

#if canImport(SwiftUI)
  import SwiftUI

  // Sources/DeepLinkApple/DeepLinkRoutingModifier.swift
  struct ContentView: View {
    var body: some View { Text("Shop") }
  }

  struct RoutingSceneExample: Scene {
    let linker: DeepLinker
    var body: some Scene {
      WindowGroup {
        ContentView().routesDeepLinks(to: linker)
      }
    }
  }
#endif
