/// A screen of the app as a value: what a routed link opens, made from the link's checked
/// parameters and ready to append to a SwiftUI `NavigationStack` path (or to push in UIKit).
///
/// A route declares its destination type; the link's captures and the parameters a rewrite
/// passed on (such as `locale`) fill the fields of the same name, through `Decodable` and a
/// small decoder over ``DeepLinkParameters`` (no JSON on the way). Rename a field with
/// `CodingKeys` when the capture's name is not a Swift name (`order_id`).
///
/// ```swift
/// struct ProductPage: LinkDestination {
///   let id: Int
///   let locale: String?
/// }
/// ```
///
/// A field can be `String`, an integer type, `Bool`, `Double`, `UUID`, an optional of one of
/// these, or an optional of a type that decodes from one of these (an enum of `String` raw
/// values, say), which a rewrite rule's fixed value fills (`locale=fr`): a capture can carry a
/// value that is not one of its cases, so it needs a plain type.
///
/// Composition checks each destination against its route (`DestinationError`): every capture of
/// the route's pattern has a field of a type that holds every value the capture admits (an
/// `{id:int}` capture an `Int` or a `String`, a plain `{slug}` capture a `String`), an optional
/// capture an optional field, every non-optional field is a capture every link of the route
/// carries, and every fixed parameter a rewrite rule passes on (`locale=fr`) reads as its field's
/// type. So a routed link always makes its destination.
public protocol LinkDestination: Hashable, Sendable, Codable {}
