import Foundation

/// One routed link on its way through the gate and execute stages.
@MainActor
final class LinkWork {
  let id: UInt64
  let decision: DeepLinkDecision
  /// How the decision is run: the route or plugin chosen, then its fallbacks, in order, each with
  /// what it receives.
  let candidates: [LinkCandidate]
  let configuration: DeepLinkConfiguration
  let redacted: String
  let isColdStart: Bool
  let times: LinkTimes
  /// The source the link was routed with, before the default for its kind (for restoring it).
  let requestedSource: LinkSource?
  var currentWait: PendingWait?
  /// Whether it waits on a barrier, the preconditions or its turn (not on its handler).
  var isWaiting = false

  init(
    id: UInt64, decision: DeepLinkDecision, candidates: [LinkCandidate], configuration: DeepLinkConfiguration,
    redacted: String, isColdStart: Bool, times: LinkTimes, requestedSource: LinkSource?
  ) {
    self.id = id
    self.decision = decision
    self.candidates = candidates
    self.configuration = configuration
    self.redacted = redacted
    self.isColdStart = isColdStart
    self.times = times
    self.requestedSource = requestedSource
  }
}

/// How a wait ended.
enum WaitResult: Sendable, Equatable {
  case passed, failed, timedOut, superseded
  case dropped(DeepLinkReason)
}

/// A wait that ends exactly once: the first of its answer, its timeout, or a supersede wins;
/// later answers (a completion called twice, a check answering after its timeout) are ignored.
@MainActor
final class PendingWait {
  var continuation: CheckedContinuation<WaitResult, Never>?
  var timer: Task<Void, Never>?
  var work: Task<Void, Never>?

  func resolve(_ result: WaitResult) {
    guard let continuation else { return }
    self.continuation = nil
    timer?.cancel()
    work?.cancel()
    continuation.resume(returning: result)
  }
}
