// ScalarString: a string made from Unicode scalars in one pass — the UTF-8 length counted, then the
// bytes written — where appending to a `String.UnicodeScalarView` scalar by scalar costs about a
// hundred instructions a scalar (a preview composes its sentence this way several times a call).

extension String {
    /// The string of `scalars`, in order.
    init<C: Collection<Unicode.Scalar>>(scalars: C) {
        var count = 0
        for scalar in scalars { count += UTF8.width(scalar) }
        self.init(unsafeUninitializedCapacity: count) { buffer in
            var i = 0
            for scalar in scalars {
                UTF8.encode(scalar) { unit in
                    buffer[i] = unit
                    i += 1
                }
            }
            return i
        }
    }
}
