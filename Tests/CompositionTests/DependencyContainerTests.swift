import DeepLinkComposition
import DeepLinkCore
import Testing

@Suite struct DependencyContainerTests {
  final class Counter: Sendable {
    let made = Locked(0)
  }

  @Test("a singleton is made once; a transient on every resolve")
  func scopes() throws {
    // One counter per registration: a shared one could not tell a singleton made twice from a
    // transient made once more.
    let singletons = Counter()
    let transients = Counter()
    let container = DependencyContainer()
    container.register(String.self, scope: .singleton) { _ in
      singletons.made.withLock { $0 += 1 }
      return "singleton"
    }
    container.register(Int.self, scope: .transient) { _ in
      transients.made.withLock {
        $0 += 1; return $0
      }
    }
    #expect(try container.resolve(String.self) == "singleton")
    #expect(try container.resolve(String.self) == "singleton")
    #expect(singletons.made.withLock { $0 } == 1)
    let first = try container.resolve(Int.self)
    let second = try container.resolve(Int.self)
    #expect(second == first + 1)
    #expect(transients.made.withLock { $0 } == 2)
    #expect(try container.resolve(String.self) == "singleton")
    #expect(singletons.made.withLock { $0 } == 1)
  }

  @Test("a missing registration names the type and who needed it")
  func missing() {
    let container = DependencyContainer()
    container.register(String.self) { resolver in "\(try resolver.resolve(Double.self))" }
    #expect(throws: DependencyError.missingRegistration("Double", requiredBy: "String")) {
      try container.resolve(String.self)
    }
  }

  @Test("a cycle is reported with its chain instead of recursing")
  func cycle() {
    let container = DependencyContainer()
    container.register(String.self) { resolver in "\(try resolver.resolve(Int.self))" }
    container.register(Int.self) { resolver in (try resolver.resolve(String.self)).count }
    #expect(throws: DependencyError.cycle(["String", "Int", "String"])) { try container.resolve(String.self) }
  }

  @Test("a child container resolves its parent's registrations and may shadow them")
  func children() throws {
    let parent = DependencyContainer()
    parent.register(String.self) { _ in "platform" }
    parent.register(Int.self) { _ in 1 }
    let child = parent.makeChild()
    child.register(String.self) { _ in "CA" }
    #expect(try child.resolve(String.self) == "CA")
    #expect(try child.resolve(Int.self) == 1)
    #expect(try parent.resolve(String.self) == "platform")
  }

  @Test("resolving a singleton from many tasks at once makes it once")
  func concurrent() async throws {
    let counter = Counter()
    let container = DependencyContainer()
    container.register(String.self) { _ in
      counter.made.withLock { $0 += 1 }
      return "once"
    }
    try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<100 { group.addTask { try container.resolve(String.self) } }
      for try await value in group { #expect(value == "once") }
    }
    #expect(counter.made.withLock { $0 } == 1)
  }
}
