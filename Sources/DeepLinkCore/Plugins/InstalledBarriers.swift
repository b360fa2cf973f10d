/// The installed barriers, by name: a handful, compared in turn.
struct InstalledBarriers: Sendable {
  /// Each barrier's name, at the same index as the barrier.
  private(set) var names: [BarrierName] = []
  private var barriers: [any DeepLinkHandlingBarrier] = []

  /// The barrier installed under `name`, or `nil`.
  subscript(name: BarrierName) -> (any DeepLinkHandlingBarrier)? {
    for index in names.indices where names[index] == name { return barriers[index] }
    return nil
  }

  /// Installs `barrier` under its name; a barrier already installed under that name is
  /// replaced, in its place.
  mutating func install(_ barrier: any DeepLinkHandlingBarrier) {
    let name = barrier.name
    if let index = names.firstIndex(of: name) {
      barriers[index] = barrier
    } else {
      names.append(name)
      barriers.append(barrier)
    }
  }
}
