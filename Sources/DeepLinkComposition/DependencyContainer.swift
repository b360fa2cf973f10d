import DeepLinkCore

/// A small dependency container: register a type with a factory, as a singleton or per
/// resolve; resolve it, with a clear error for a missing registration or a cycle; child
/// containers (per market, say) see their parent's registrations and may shadow them.
///
/// Thread-safe: registration and resolution may happen from any thread. A singleton's factory
/// runs once; resolving it from two threads at once waits for the first.
///
/// ```swift
/// let container = DependencyContainer()
/// container.register((any Navigator).self, scope: .singleton) { _ in AppNavigator() }
/// let navigator = try container.resolve((any Navigator).self)
/// ```
public final class DependencyContainer: Sendable {
  /// How long a resolved instance lives.
  public enum Scope: Sendable {
    /// One instance, made on first resolve and kept by the container that registered it.
    case singleton
    /// A new instance on every resolve.
    case transient
  }

  /// A registration: its factory and, for singletons, the instance once made.
  private final class Registration: Sendable {
    let scope: Scope
    let factory: @Sendable (Resolver) throws -> any Sendable
    /// Held while a singleton is made, so its factory runs once.
    let instance = Locked<(any Sendable)?>(nil)

    init(scope: Scope, factory: @escaping @Sendable (Resolver) throws -> any Sendable) {
      self.scope = scope
      self.factory = factory
    }
  }

  private let parent: DependencyContainer?
  private let registrations = Locked<[ObjectIdentifier: Registration]>([:])

  /// Creates an empty container, or a child of `parent`.
  public init(parent: DependencyContainer? = nil) {
    self.parent = parent
  }

  /// A child container that resolves from this one what it does not register itself.
  package func makeChild() -> DependencyContainer { DependencyContainer(parent: self) }

  /// Registers `type`, replacing an earlier registration of it in this container.
  ///
  /// - Parameters:
  ///   - type: the type to resolve later, often a protocol existential (`(any Navigator).self`).
  ///   - scope: ``Scope/singleton`` or ``Scope/transient``.
  ///   - factory: makes the instance; it may resolve other types through the given resolver.
  public func register<Service: Sendable>(
    _ type: Service.Type, scope: Scope = .singleton, factory: @escaping @Sendable (Resolver) throws -> Service
  ) {
    let registration = Registration(scope: scope) { try factory($0) }
    registrations.withLock { $0[ObjectIdentifier(type)] = registration }
  }

  /// Resolves `type`.
  ///
  /// - Throws: ``DeepLinkComposition/DependencyError`` when nothing registers `type` (here or in a parent), when
  ///   its resolution depends on itself, or when its factory fails.
  public func resolve<Service: Sendable>(_ type: Service.Type = Service.self) throws(DependencyError) -> Service {
    try Resolver(container: self, path: []).resolve(type)
  }

  /// Whether `type` can be resolved here or in a parent.
  package func isRegistered<Service>(_ type: Service.Type) -> Bool {
    registration(for: ObjectIdentifier(type)) != nil
  }

  private func registration(for key: ObjectIdentifier) -> Registration? {
    registrations.withLock { $0[key] } ?? parent?.registration(for: key)
  }

  /// Resolves on behalf of one factory, remembering the chain of types being made so a cycle
  /// is reported instead of recursing forever.
  public struct Resolver: Sendable {
    let container: DependencyContainer
    let path: [String]

    /// Resolves `type` for the factory being run.
    public func resolve<Service: Sendable>(_ type: Service.Type = Service.self) throws(DependencyError) -> Service {
      let name = String(describing: type)
      guard !path.contains(name) else { throw .cycle(path + [name]) }
      guard let registration = container.registration(for: ObjectIdentifier(type)) else {
        throw .missingRegistration(name, requiredBy: path.last)
      }
      let next = Resolver(container: container, path: path + [name])
      let value: any Sendable
      do {
        switch registration.scope {
        case .transient:
          value = try registration.factory(next)
        case .singleton:
          value = try registration.instance.withLock { instance in
            if let instance { return instance }
            let made = try registration.factory(next)
            instance = made
            return made
          }
        }
      } catch let error as DependencyError {
        throw error
      } catch {
        throw .factoryFailed(name, String(describing: error))
      }
      guard let service = value as? Service else {
        throw .factoryFailed(name, "the factory made a \(Swift.type(of: value))")
      }
      return service
    }
  }
}

/// Why a type could not be resolved.
public enum DependencyError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Nothing registers the type.
  case missingRegistration(String, requiredBy: String?)
  /// Resolving the type needs the type itself; the chain is listed.
  case cycle([String])
  /// The factory threw.
  case factoryFailed(String, String)

  public var description: String {
    switch self {
    case .missingRegistration(let name, let requiredBy):
      "no registration for `\(name)`" + (requiredBy.map { " (needed by `\($0)`)" } ?? "")
        + "; register it with `container.register(\(name).self) { … }`"
    case .cycle(let chain):
      "dependency cycle: " + chain.map { "`\($0)`" }.joined(separator: " → ")
        + "; break it by resolving one of them lazily or splitting a type"
    case .factoryFailed(let name, let reason):
      "the factory of `\(name)` failed: \(reason)"
    }
  }
}
