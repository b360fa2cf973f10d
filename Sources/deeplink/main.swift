// The `deeplink` command-line tool; everything but these lines lives in `DeepLinkCLI`.
import DeepLinkCLI
import Foundation

let environment = ToolEnvironment.process()
let status = DeepLinkTool.run(DeepLinkTool.processArguments(), environment: environment)
// What the command composed stays alive to the exit, as an app's configuration does: the exit
// reclaims it, instead of the command freeing it first.
withExtendedLifetime(environment) { exit(status.rawValue) }
