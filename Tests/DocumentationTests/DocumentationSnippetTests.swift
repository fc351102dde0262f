import Foundation
import Testing

/// The articles of Sources/EventLedger/EventLedger.docc show only tested code: the Swift
/// snippets live in test sources between `// DOC-SNIPPET-BEGIN <article>` and
/// `// DOC-SNIPPET-END` lines (indented as the code they enclose, which is then shown
/// without that indentation), where tests run them. Each article's ```swift blocks must be
/// exactly the snippets marked with its name, no more and no fewer, so a snippet cannot be
/// added to an article untested nor change in a test without the article; a block may also
/// be a whole source file of the to-do example, which its own package builds and tests.
@Suite struct DocumentationSnippetTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    private static let catalog = root.appendingPathComponent("Sources/EventLedger/EventLedger.docc")
    /// Where snippets are marked: the tests, and the to-do example's tests.
    private static let snippetRoots = ["Tests", "Examples/TodoList/Tests"]
    /// The to-do example's sources, which an article may show whole.
    private static let exampleSources = "Examples/TodoList/Sources"
    /// The articles the README links to, by name.
    private static let requiredArticles = [
        "EventLedger", "UsingALedger", "WritingADomain", "PastStatesSessionsAndUndo",
        "SeveralMachines", "OperatingALedger", "DesignNotes",
    ]
    /// Every article of the catalog, by name.
    static let articles = ((try? FileManager.default.contentsOfDirectory(atPath: catalog.path)) ?? [])
        .filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.sorted()

    /// Every marked snippet, by the article it names.
    private static func markedSnippets() throws -> [String: [String]] {
        var snippets: [String: [String]] = [:]
        for directory in snippetRoots {
            let base = root.appendingPathComponent(directory)
            let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            for file in files.sorted() where file.hasSuffix(".swift") && !file.contains(".build/") {
                let source = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
                var article: String?, indent = 0, lines: [String] = []
                for line in source.components(separatedBy: "\n") {
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    if let open = article {
                        if trimmed == "// DOC-SNIPPET-END" {
                            snippets[open, default: []].append(lines.joined(separator: "\n") + "\n")
                            article = nil
                        } else if !trimmed.hasPrefix("// README-EXAMPLE-") {  // the README's markers, nested
                            lines.append(trimmed.isEmpty ? "" : String(line.dropFirst(min(indent, line.prefix { $0 == " " }.count))))
                        }
                    } else if trimmed.hasPrefix("// DOC-SNIPPET-BEGIN ") {
                        article = String(trimmed.dropFirst("// DOC-SNIPPET-BEGIN ".count))
                        indent = line.prefix { $0 == " " }.count
                        lines = []
                    }
                }
                #expect(article == nil, "\(directory)/\(file): a DOC-SNIPPET-BEGIN without its DOC-SNIPPET-END")
            }
        }
        return snippets
    }

    /// The text of every Swift source file of the to-do example.
    private static func exampleFiles() throws -> [String] {
        let base = root.appendingPathComponent(exampleSources)
        let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return try files.filter { $0.hasSuffix(".swift") && !$0.contains(".build/") }.sorted().map { file in
            try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
        }
    }

    /// The ```swift blocks of an article, each with its final line break.
    private static func swiftBlocks(of article: String) throws -> [String] {
        let text = try String(contentsOf: catalog.appendingPathComponent("\(article).md"), encoding: .utf8)
        var blocks: [String] = [], block: [String]?
        for line in text.components(separatedBy: "\n") {
            if let lines = block {
                if line == "```" { blocks.append(lines.joined(separator: "\n") + "\n"); block = nil } else { block = lines + [line] }
            } else if line == "```swift" {
                block = []
            }
        }
        return blocks
    }

    @Test(arguments: articles)
    func anArticleShowsExactlyItsMarkedSnippets(_ article: String) throws {
        let blocks = try Self.swiftBlocks(of: article)
        let snippets = try Self.markedSnippets()[article] ?? []
        let exampleFiles = try Self.exampleFiles()
        for block in blocks where !snippets.contains(block) && !exampleFiles.contains(block) {
            Issue.record("\(article).md shows Swift that no test marks as its snippet and that is no file of the example:\n\(block)")
        }
        for snippet in snippets where !blocks.contains(snippet) {
            Issue.record("a snippet marked for \(article) is not shown in \(article).md:\n\(snippet)")
        }
    }

    @Test func everySnippetNamesAnArticleOfTheCatalog() throws {
        for article in Self.requiredArticles { #expect(Self.articles.contains(article), "\(article).md is missing") }
        for article in try Self.markedSnippets().keys {
            #expect(Self.articles.contains(article), "a snippet is marked for \(article), which is no article")
        }
    }
}
