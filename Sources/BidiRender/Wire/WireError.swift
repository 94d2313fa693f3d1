// WireError: what is wrong with one request (a `--jsonl` line, a `--span`, a query, a scene's text
// node): a message that names the key, and the key's path inside the request for a caller that
// reports lines (a scene file).

/// One request field that cannot be read: the message names the key ("\"size\" must be a number").
package struct WireError: Error, Sendable, CustomStringConvertible {
    /// The whole message, naming the key and what it must be.
    package let message: String
    /// Where the offending value sits inside the request object (empty when unknown), so a scene
    /// error can name its line.
    let path: [JSONPathComponent]

    /// An error with this message and no path.
    package init(message: String) {
        self.message = message
        path = []
    }

    init(_ message: String, at path: [JSONPathComponent]) {
        self.message = message
        self.path = path
    }

    /// The message.
    package var description: String { message }
}
