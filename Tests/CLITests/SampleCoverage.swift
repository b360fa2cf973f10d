import DeepLinkCore
import DeepLinkTesting

/// Whether a market's association samples cover every rule of a domain, whatever the market's size.
enum SampleCoverage {
  /// The rules of `configuration` that apply to `host` and that no sample of `samples` was made from.
  static func unsampledRules(
    _ configuration: DeepLinkConfiguration, host: String, samples: [AssociationSamples.Sample]
  ) -> [String] {
    let sampled = Set(samples.compactMap(\.rule))
    return configuration.universalLinks.compactMap { rule in
      guard let compiled = try? rule.compile(), case .host(let pattern) = compiled.pattern.namespace,
        pattern.matches(host), !sampled.contains(rule.pattern)
      else { return nil }
      return rule.pattern
    }
  }
}
