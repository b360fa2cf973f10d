/// Why a QR code could not be made.
package enum QRCodeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The data is longer than the largest symbol holds at error correction level M.
  case tooLong(bytes: Int, limit: Int)

  package var description: String {
    switch self {
    case .tooLong(let bytes, let limit):
      "a link of \(bytes) bytes does not fit a QR code: the limit is \(limit) bytes "
        + "(version 40, error correction M, byte mode); shorten the link"
    }
  }
}
