// IsolateOption: the kinds of entity to isolate, as `--isolate mentions,urls,emails,phones,hashtags`
// (or `none`, or `all`) on the command line (a JSON line's "isolate" is read by `LayoutRequest`).
import ArgumentParser
@_spi(Tools) import BidiRender
import Foundation

extension EntityKinds: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }

    public var defaultValueDescription: String { listDescription }

    /// The help text of `--isolate`.
    static let help = "Entities to isolate: a comma-separated list of mentions, urls, emails, phones, hashtags; or all, or none."
}
