import DeepLinkComposition

@testable import deeplink_bench

// The doc-comment example of the benchmark tool (see SourceCommentExamples.swift).

// Sources/DeepLinkBenchmarks/GeneratedMarket.swift
@DocLines func generatedMarketExample() {
  let market = GeneratedMarket(id: "G", rules: 1_000)
  let problems = MarketComposer(catalogue: [market]).problems(of: market)  // []
  problems
}
