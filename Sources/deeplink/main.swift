// The `deeplink` command-line tool; everything but this line lives in `DeepLinkCLI`.
import DeepLinkCLI
import Foundation

exit(DeepLinkTool.run(DeepLinkTool.processArguments(), environment: .process()).rawValue)
