// The composer, the boundary checks and the market catalogue, which the package's build also runs
// (`MarketCheckPlugin`), are part of this product: an app imports DeepLinkComposition only.
@_exported import MarketComposition
