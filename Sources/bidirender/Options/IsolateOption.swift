// IsolateOption: the kinds of entity to isolate, as `--isolate mentions,urls,emails,phones,hashtags`
// (or `none`, or `all`) on the command line and as "isolate" (an array of names or one comma-separated
// string) in a JSON line.
import ArgumentParser
@_spi(CLI) import BidiRender
import Foundation

extension EntityKinds: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }

    public var defaultValueDescription: String { listDescription }

    /// The help text of `--isolate`.
    static let help = "Entities to isolate: a comma-separated list of mentions, urls, emails, phones, hashtags; or all, or none."

    /// An optional "isolate" field: ["urls", "phones"], "urls,phones", "all" or "none". A LineError
    /// naming the key (and the bad name) otherwise.
    static func field(_ object: [String: Any], _ key: String = "isolate") throws(LineError) -> EntityKinds? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        let allowed = "mentions, urls, emails, phones, hashtags, all, none"
        if let list = value as? String {
            guard let kinds = EntityKinds(parsing: list) else {
                throw LineError(message: "\"\(key)\" must list kinds of \(allowed), not \"\(list)\"")
            }
            return kinds
        }
        guard let array = value as? [Any] else {
            throw LineError(message: "\"\(key)\" must be an array of names or a comma-separated string")
        }
        var kinds: EntityKinds = []
        for (i, item) in array.enumerated() {
            guard let name = item as? String, let kind = EntityKinds(parsing: name) else {
                throw LineError(message: "\"\(key)[\(i)]\" must be one of \(allowed)")
            }
            kinds.formUnion(kind)
        }
        return kinds
    }
}
