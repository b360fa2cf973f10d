import Foundation

/// A buffered byte sink over a file descriptor (stdout, stderr) or memory (tests).
///
/// Commands write text and hand-made JSON into it; bytes go out in large writes, so printing a
/// million JSON lines costs a few hundred system calls. Not thread-safe: one owner at a time.
///
/// ```swift
/// let output = ByteOutput.memory()
/// output.write("hello\n")
/// output.text  // "hello\n"
/// ```
package final class ByteOutput {
  private enum Destination {
    case file(FileHandle)
    case memory
  }

  private let destination: Destination
  private let capacity: Int
  private var buffer: [UInt8] = []
  private var captured: [UInt8] = []

  /// A sink that writes to `descriptor` in chunks of `capacity` bytes.
  package init(fileDescriptor descriptor: Int32, capacity: Int = 1 << 20) {
    self.destination = .file(FileHandle(fileDescriptor: descriptor, closeOnDealloc: false))
    self.capacity = capacity
    buffer.reserveCapacity(capacity + 4096)
  }

  private init(memoryCapacity: Int) {
    self.destination = .memory
    self.capacity = memoryCapacity
  }

  /// A sink that keeps everything written, for tests (``text``).
  package static func memory() -> ByteOutput { ByteOutput(memoryCapacity: 1 << 16) }

  /// The standard output, buffered.
  package static func standardOutput() -> ByteOutput { ByteOutput(fileDescriptor: 1) }

  /// The standard error, flushed by the tool after each message.
  package static func standardError() -> ByteOutput { ByteOutput(fileDescriptor: 2, capacity: 1 << 12) }

  /// Appends `string`'s UTF-8.
  package func write(_ string: String) {
    buffer.append(contentsOf: string.utf8)
    if buffer.count >= capacity { flush() }
  }

  /// Appends bytes; a block of at least a quarter of the buffer's capacity (a `check` batch's
  /// results) goes out directly after what is buffered, without a copy.
  ///
  /// - Complexity: O(*n*) in `bytes.count`; a system call only when the buffer is full or the
  ///   block is large.
  package func write(_ bytes: [UInt8]) {
    guard bytes.count >= capacity / 4 else {
      buffer.append(contentsOf: bytes)
      if buffer.count >= capacity { flush() }
      return
    }
    flush()
    send(bytes)
  }

  /// Sends everything buffered to the destination.
  package func flush() {
    guard !buffer.isEmpty else { return }
    send(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  private func send(_ bytes: [UInt8]) {
    switch destination {
    case .memory:
      captured.append(contentsOf: bytes)
    case .file(let handle):
      // A failed write means the reader went away (EPIPE) or the disk is full: nothing more to do.
      try? handle.write(contentsOf: bytes)
    }
  }

  /// Everything written to a memory sink, as text (empty for a file descriptor sink).
  package var text: String {
    flush()
    return String(decoding: captured, as: UTF8.self)
  }

  deinit { flush() }
}
