/// The installed barriers, by name: a handful, compared in turn. Installing a barrier under a
/// name already taken replaces it, in its place.
struct InstalledBarriers: Sendable {
  /// Each barrier's name, at the same index as the barrier.
  private(set) var names: [BarrierName] = []
  private var barriers: [any DeepLinkHandlingBarrier] = []

  /// The barrier installed under `name`; setting one replaces the barrier of that name, and
  /// setting `nil` removes it.
  subscript(name: BarrierName) -> (any DeepLinkHandlingBarrier)? {
    get {
      for index in names.indices where names[index] == name { return barriers[index] }
      return nil
    }
    set {
      let index = names.firstIndex(of: name)
      switch (index, newValue) {
      case (let index?, let barrier?): barriers[index] = barrier
      case (let index?, nil):
        names.remove(at: index)
        barriers.remove(at: index)
      case (nil, let barrier?):
        names.append(name)
        barriers.append(barrier)
      case (nil, nil): break
      }
    }
  }
}
