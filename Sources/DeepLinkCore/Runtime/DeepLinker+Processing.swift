import Foundation

extension DeepLinker {
  // MARK: Arrival

  /// Records the link, decides it (or buffers it before initialisation), and settles every
  /// outcome but `routed` at once.
  func accept(
    _ input: String, source: LinkSource?, continuation: CheckedContinuation<DeepLinkResult, Never>?, times: LinkTimes
  ) -> (Bool, LinkWork?) {
    lastLinkID += 1
    let id = lastLinkID
    guard let configuration else {
      let redacted = LinkRedactor.redact(raw: input)
      emit(.received, id, redacted)
      // Composition failed (`dropBufferedLinks(reason:)`): nothing is coming to route it.
      if let reason = bufferedLinksRefused {
        emit(.dropped, id, redacted, reason: reason.rawValue)
        deliver(.dropped(reason: reason), id: id, redacted: redacted, to: continuation)
        return (false, nil)
      }
      coldStartBuffer.append(
        BufferedLink(
          id: id, input: input, source: source, redacted: redacted, times: times, continuation: continuation))
      emit(.buffered, id, redacted)
      while coldStartBuffer.count > max(0, coldStartBufferLimit) {
        let dropped = coldStartBuffer.removeFirst()
        emit(.dropped, dropped.id, dropped.redacted, reason: DeepLinkReason.coldStartBufferOverflow.rawValue)
        deliver(
          .dropped(reason: .coldStartBufferOverflow), id: dropped.id, redacted: dropped.redacted,
          to: dropped.continuation)
      }
      return (true, nil)
    }
    let (decision, candidates) = underPolicy(configuration.plannedDecision(input, source: source))
    let redacted = decision.link.map(LinkRedactor.redact) ?? LinkRedactor.redact(raw: input)
    emit(.received, id, redacted)
    return settle(
      id, decision, candidates, configuration, redacted: redacted, isColdStart: false, times: times,
      requestedSource: source, continuation: continuation)
  }

  func settle(
    _ id: UInt64, _ decision: DeepLinkDecision, _ candidates: [LinkCandidate], _ configuration: DeepLinkConfiguration,
    redacted: String, isColdStart: Bool, times: LinkTimes, requestedSource: LinkSource?,
    continuation: CheckedContinuation<DeepLinkResult, Never>?
  ) -> (Bool, LinkWork?) {
    // Every outcome but `routed` has a reason; `noRoute` stands in only to keep the type total.
    let why = decision.reason ?? .noRoute
    let reason = why.rawValue
    let result: DeepLinkResult
    switch decision.outcome {
    case .invalid:
      emit(.invalid, id, redacted, reason: reason)
      result = .invalid(reason: why)
    case .ignored:
      emit(.ignored, id, redacted, reason: reason)
      result = .ignored(reason: why)
    case .forbidden:
      emit(.forbidden, id, redacted, reason: reason)
      if let link = decision.link { forbiddenHandler?(link) }
      result = .forbidden(reason: why)
    case .external:
      emit(.external, id, redacted, reason: reason)
      if let link = decision.browserLink { externalURLHandler?(link) }
      result = .external
    case .notFound:
      emit(.notFound, id, redacted, reason: reason)
      if let link = decision.routedLink { notFoundHandler?(link) }
      result = .notFound
    case .routed:
      guard !candidates.isEmpty else { preconditionFailure("a routed decision comes with its candidates") }
      if let rewritten = decision.rewrittenTo {
        emit(.rewritten, id, redacted, reason: LinkRedactor.redact(rewritten), owner: decision.rewriteRule?.owner)
      }
      emit(.matched, id, redacted, route: decision.route, owner: decision.owner)
      let work = LinkWork(
        id: id, decision: decision, candidates: candidates, configuration: configuration, redacted: redacted,
        isColdStart: isColdStart, times: times, requestedSource: requestedSource)
      return (true, work)
    }
    deliver(result, id: id, redacted: redacted, to: continuation)
    return (false, nil)
  }

  /// A decision as the link policy in force has it: a switched-off link has no candidates.
  func underPolicy(_ planned: (DeepLinkDecision, [LinkCandidate])) -> (DeepLinkDecision, [LinkCandidate]) {
    guard let policy else { return planned }
    let decision = policy.apply(to: planned.0, at: currentDate())
    return (decision, decision.outcome == .routed ? planned.1 : [])
  }

  /// Drops every link buffered before initialisation, in arrival order, each with a `dropped`
  /// event and result: for an app whose configuration could not be composed, so no link waits
  /// for ever. Links arriving later, until the linker is initialised, are dropped at once with
  /// the same reason.
  package func dropBufferedLinks(reason: DeepLinkReason = .notComposed) {
    bufferedLinksRefused = reason
    let buffered = coldStartBuffer
    coldStartBuffer = []
    for link in buffered {
      emit(.dropped, link.id, link.redacted, reason: reason.rawValue)
      deliver(.dropped(reason: reason), id: link.id, redacted: link.redacted, to: link.continuation)
    }
    notifyIfIdle()
  }

  /// Replays the links buffered before initialisation, in arrival order.
  func replayColdStartBuffer() {
    guard let configuration else { return }
    let buffered = coldStartBuffer
    coldStartBuffer = []
    for link in buffered {
      let (decision, candidates) = underPolicy(configuration.plannedDecision(link.input, source: link.source))
      let (_, work) = settle(
        link.id, decision, candidates, configuration, redacted: link.redacted, isColdStart: true, times: link.times,
        requestedSource: link.source, continuation: link.continuation)
      if let work { startProcessing(work, continuation: link.continuation) }
    }
    notifyIfIdle()
  }

  func startProcessing(_ work: LinkWork, continuation: CheckedContinuation<DeepLinkResult, Never>?) {
    inFlight += 1
    activeWork[work.id] = work
    Task { @MainActor in
      let result = await self.run(work)
      self.activeWork[work.id] = nil
      self.deliver(result, id: work.id, redacted: work.redacted, to: continuation)
      self.inFlight -= 1
      self.notifyIfIdle()
    }
  }

  func notifyIfIdle() {
    guard inFlight == 0 && coldStartBuffer.isEmpty else { return }
    let waiters = idleWaiters
    idleWaiters = []
    for waiter in waiters { waiter.resume() }
  }

  // MARK: Gate and execute

  private func run(_ work: LinkWork) async -> DeepLinkResult {
    switch pendingLinkPolicy {
    case .supersede:
      if let waiting = waitingWork, waiting !== work { waiting.currentWait?.resolve(.superseded) }
      return await process(work)
    case .queue(let limit):
      if isProcessing {
        emit(.waiting, work.id, work.redacted, route: work.decision.route, reason: "queued")
        work.isWaiting = true
        defer { work.isWaiting = false }
        let turn = await suspend(work, timeout: nil, supersedable: false) { _ in
          self.turnQueue.append(work)
          while self.turnQueue.count > max(0, limit) {
            self.turnQueue.removeFirst().currentWait?.resolve(.dropped(.queueOverflow))
          }
        }
        guard turn == .passed else {
          turnQueue.removeAll { $0 === work }
          return finish(work, route: work.decision.route, turn)
        }
      } else {
        isProcessing = true
      }
      let result = await process(work)
      if turnQueue.isEmpty {
        isProcessing = false
      } else {
        turnQueue.removeFirst().currentWait?.resolve(.passed)
      }
      return result
    }
  }

  private func process(_ work: LinkWork) async -> DeepLinkResult {
    let decision = work.decision
    guard let link = decision.routedLink, let first = work.candidates.first else { return .notFound }

    if decision.waitsForPreconditions && !preconditions.isEmpty {
      let outcome = await waitForPreconditions(work)
      guard outcome == .passed else {
        return finish(work, route: first.route, outcome == .failed ? .dropped(.preconditionFailed) : outcome)
      }
    }

    var passedBarriers = Set<BarrierName>()
    // The candidates in the order the match walk yielded them when the link was decided.
    for candidate in work.candidates {
      for name in candidate.barriers where !passedBarriers.contains(name) {
        let outcome = await pass(barrier: name, link: link, work: work, route: candidate.route)
        guard outcome == .passed else { return finish(work, route: candidate.route, outcome, barrier: name) }
        passedBarriers.insert(name)
      }
      // The policy in force when the link runs decides: one applied while it waited still counts.
      if let policy,
        let entry = policy.entry(switchingOff: decision, route: candidate.route, at: currentDate())
      {
        return switchedOff(work, by: entry, under: policy)
      }
      switch await execute(candidate, link: link, work: work) {
      case .passed:
        return .handled(route: candidate.route)
      case .timedOut:
        return finish(work, route: candidate.route, .timedOut)
      default:
        emit(.declined, work.id, work.redacted, route: candidate.route)
      }
    }
    emit(.notFound, work.id, work.redacted, reason: DeepLinkReason.allCandidatesDeclined.rawValue)
    notFoundHandler?(link)
    return .notFound
  }

  /// Settles a link the policy switched off after it was accepted (it waited on a barrier, the
  /// preconditions or a cold start): it never opens.
  private func switchedOff(_ work: LinkWork, by entry: LinkPolicy.Entry, under policy: LinkPolicy) -> DeepLinkResult {
    let decision = policy.disabled(work.decision, by: entry)
    let reason = DeepLinkReason.disabledByPolicy.rawValue
    if decision.outcome == .external {
      emit(.external, work.id, work.redacted, reason: reason)
      if let link = decision.browserLink { externalURLHandler?(link) }
      return .external
    }
    emit(.notFound, work.id, work.redacted, reason: reason)
    if let link = decision.routedLink { notFoundHandler?(link) }
    return .notFound
  }

  /// Reports how a wait that did not pass ended, and returns the link's result.
  private func finish(
    _ work: LinkWork, route: RouteID?, _ outcome: WaitResult, barrier: BarrierName? = nil
  ) -> DeepLinkResult {
    switch outcome {
    case .passed:
      return .handled(route: route ?? RouteID(name: ""))
    case .failed:
      emit(.barrierFailed, work.id, work.redacted, route: route, barrier: barrier)
      emit(
        .dropped, work.id, work.redacted, route: route, barrier: barrier, reason: DeepLinkReason.barrierFailed.rawValue)
      return .dropped(reason: .barrierFailed)
    case .timedOut:
      emit(.timedOut, work.id, work.redacted, route: route, barrier: barrier)
      return .timedOut(route: route)
    case .superseded:
      emit(.superseded, work.id, work.redacted, route: route, barrier: barrier)
      return .superseded
    case .dropped(let reason):
      emit(.dropped, work.id, work.redacted, route: route, barrier: barrier, reason: reason.rawValue)
      return .dropped(reason: reason)
    }
  }

  private func waitForPreconditions(_ work: LinkWork) async -> WaitResult {
    emit(.waiting, work.id, work.redacted, route: work.decision.route, reason: "preconditions")
    linksWaitingForPreconditions += 1
    if linksWaitingForPreconditions == 1 { preconditionLoadingStateUIHandler?.showLoadingState() }
    let handlers = preconditions.map(\.handler)
    work.isWaiting = true
    let outcome = await suspend(work, timeout: preconditionTimeout, supersedable: true) { pending in
      pending.work = Task { @MainActor in
        for handler in handlers where !(await handler()) {
          pending.resolve(.failed)
          return
        }
        pending.resolve(.passed)
      }
    }
    work.isWaiting = false
    linksWaitingForPreconditions -= 1
    if linksWaitingForPreconditions == 0 { preconditionLoadingStateUIHandler?.hideLoadingState() }
    if outcome == .timedOut { return .dropped(.preconditionTimeout) }
    return outcome
  }

  private func pass(barrier name: BarrierName, link: DeepLink, work: LinkWork, route: RouteID) async -> WaitResult {
    // Barriers a route names are checked when the configuration is compiled; an opaque plugin's
    // answer may still name one that is not installed, reported here.
    // Every barrier of a decision is installed: routes' are checked when the configuration is
    // compiled, a plugin answer's when the link is decided. This guard only keeps a broken
    // invariant from reaching a handler.
    guard let barrier = work.configuration.barriers[name] else { return .dropped(.unknownBarrier) }
    if barrier.status(for: link) == .passed {
      emit(.barrierPassed, work.id, work.redacted, route: route, barrier: name)
      return .passed
    }
    emit(.waiting, work.id, work.redacted, route: route, barrier: name)
    work.isWaiting = true
    defer { work.isWaiting = false }
    let outcome = await suspend(work, timeout: barrier.checkTimeout, supersedable: true) { pending in
      barrier.performCheck(deepLink: link) { passed in
        Task { @MainActor in pending.resolve(passed ? .passed : .failed) }
      }
    }
    if outcome == .passed { emit(.barrierPassed, work.id, work.redacted, route: route, barrier: name) }
    return outcome
  }

  /// Runs the candidate's handler: `.passed` when handled, `.failed` when it declined,
  /// `.timedOut` when a plugin did not complete in time.
  ///
  /// A route that declares a destination type gets its destination made here, once, for the
  /// handler (``DeepLinkNavigationState/destination``); one that cannot be made from the link's
  /// values (which the package's build rules out, `Docs/Destinations.md`) declines the link. So
  /// does its navigation state (``DeepLinkNavigationState/navigation``), when the route declares
  /// where it lives.
  private func execute(_ candidate: LinkCandidate, link: DeepLink, work: LinkWork) async -> WaitResult {
    var destination: (any LinkDestination)?
    var navigation: LinkNavigation?
    if candidate.matchedInTable, let type = candidate.target.destination {
      guard let made = try? Self.destination(type, from: candidate.parameters) else { return .failed }
      destination = made
      if let placement = candidate.target.placement {
        guard let state = placement.navigation(destination: made, parameters: candidate.parameters) else {
          return .failed
        }
        navigation = state
      }
    }
    preExecutionHandler?(link)
    let start = clock.now
    let state = DeepLinkNavigationState(
      isColdStart: work.isColdStart, source: work.decision.source, route: candidate.route,
      parameters: candidate.parameters, context: navigationContextProvider?(), link: link, destination: destination,
      navigation: navigation)
    switch candidate.target.kind {
    case .handler(let index):
      guard handlers[index](link, state) else { return .failed }
    case .plugin(let index):
      let plugin = work.configuration.plugins[index]
      let outcome = await suspend(work, timeout: plugin.completionTimeout, supersedable: false) { pending in
        plugin.handleDeepLink(with: candidate.pluginData, state: state) {
          Task { @MainActor in pending.resolve(.passed) }
        }
      }
      guard outcome == .passed else { return outcome }
    }
    emit(
      .handled, work.id, work.redacted, route: candidate.route, duration: clock.now - start,
      owner: candidate.target.owner)
    successRouteHandler?(link)
    return .passed
  }

  /// A `Destination` made from `parameters`.
  private static func destination<Destination: LinkDestination>(
    _ type: Destination.Type, from parameters: DeepLinkParameters
  ) throws(DestinationError) -> any LinkDestination {
    try parameters.decode(type)
  }

  /// Suspends `work` until `start`'s wait is resolved, its timeout passes, or (when
  /// `supersedable`) a newer link supersedes it.
  private func suspend(
    _ work: LinkWork, timeout: Duration?, supersedable: Bool, start: (PendingWait) -> Void
  ) async -> WaitResult {
    let pending = PendingWait()
    work.currentWait = pending
    if supersedable { waitingWork = work }
    let result = await withCheckedContinuation { continuation in
      pending.continuation = continuation
      if let timeout {
        let clock = self.clock
        pending.timer = Task { @MainActor in
          do {
            try await clock.sleep(for: timeout)
            pending.resolve(.timedOut)
          } catch {}
        }
      }
      start(pending)
    }
    if work.currentWait === pending { work.currentWait = nil }
    if waitingWork === work { waitingWork = nil }
    return result
  }
}
