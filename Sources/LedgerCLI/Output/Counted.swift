/// `count` and `noun`, plural unless the count is one: `1 event`, `3 events`.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
