import Foundation

extension DeepLinker {
  /// Reads, checks and applies a link policy document at once: links decided from now on, and
  /// links already accepted that have not opened yet (waiting on a cold start, a barrier or the
  /// preconditions), are decided under it. On any error the policy in force stays.
  ///
  /// ```swift
  /// try linker.apply(policy: Data(remoteConfiguration.linkPolicy.utf8))
  /// ```
  ///
  /// - Returns: the policy now in force.
  /// - Throws: ``LinkPolicyError`` naming the field at fault, or when the linker is not yet
  ///   initialised (there is nothing to check the document against).
  @discardableResult
  public func apply(policy json: some Collection<UInt8>) throws(LinkPolicyError) -> LinkPolicy {
    guard let configuration else {
      throw LinkPolicyError(field: "", "the linker is not initialised yet; apply the policy once it is ready")
    }
    let policy = try LinkPolicy(json: json, configuration: configuration, now: currentDate())
    self.policy = policy
    return policy
  }

  /// Removes the policy in force: links are decided by the build alone again.
  public func removePolicy() {
    policy = nil
  }
}
