import DeepLinkCLI
import Testing

/// What a command composed outlives it only in the process's own environment, where the exit
/// reclaims it as an app's exit does; a memory environment frees it, so tests do not leak.
@Suite struct ToolEnvironmentTests {
  final class Composed {}

  @Test("a memory environment frees what a command keeps when its last reference goes")
  func memoryFrees() {
    let environment = ToolEnvironment.memory()
    weak var kept: Composed?
    do {
      let composed = Composed()
      kept = composed
      environment.keepUntilExit(composed)
    }
    #expect(!environment.keepsUntilExit)
    #expect(kept == nil)
  }

  @Test("the process's environment keeps what a command composed until the process exits")
  func processKeeps() {
    let environment = ToolEnvironment.process()
    weak var kept: Composed?
    do {
      // Kept as long as the environment: here, to the end of the test.
      let composed = Composed()
      kept = composed
      environment.keepUntilExit(composed)
    }
    #expect(environment.keepsUntilExit)
    #expect(kept != nil)
  }
}
