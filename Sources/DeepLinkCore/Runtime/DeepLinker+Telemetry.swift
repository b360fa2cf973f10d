import Foundation

extension DeepLinker {
  /// Records one event: to the telemetry sink, and into `debugInfo`'s recent links.
  func emit(
    _ kind: DeepLinkEvent.Kind, _ id: UInt64, _ link: String, route: RouteID? = nil, barrier: BarrierName? = nil,
    reason: String? = nil, duration: Duration? = nil, owner: LinkOwner? = nil
  ) {
    let event = DeepLinkEvent(
      kind: kind, linkID: id, link: link, route: route, barrier: barrier, reason: reason, duration: duration,
      owner: owner, policy: policy?.isInForce(at: currentDate()) == true ? policy?.version : nil)
    telemetry?.record(event)
    let previous = history[id]
    if previous == nil {
      historyOrder.append(id)
      while historyOrder.count > max(1, debugHistoryLimit) { history[historyOrder.removeFirst()] = nil }
    }
    history[id] = DeepLinkDebugInfo.LinkRecord(
      linkID: id, link: link, events: (previous?.events ?? []) + [kind], route: route ?? previous?.route,
      reason: reason ?? previous?.reason)
  }
}
