// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import EventLedger
import LedgerTestSupport
import Testing

// The to-do domain of the article WritingADomain.md, whole: the code between the markers is
// what the article shows (DocumentationSnippetTests checks that it shows exactly that), and
// WritingADomainTests runs it. Examples/TodoList is the same domain as a package of its own,
// with its `todo` tool; Examples/TodoList/check checks that each line the article shows is
// a line of it.

// DOC-SNIPPET-BEGIN WritingADomain
public struct ItemAdded: DomainEvent {
    @ID public var itemId: String
    @ID public var listId: String
    @Name public var title: String
    public static let createdEntityField: String? = "itemId"
    public var stream: String { TodoStreams.item(itemId) }
}
// DOC-SNIPPET-END

public struct ListCreated: DomainEvent {
    @ID public var listId: String
    @Name public var name: String
    public static let createdEntityField: String? = "listId"
    public var stream: String { TodoStreams.list(listId) }
    public init(listId: String, name: String) { self.listId = listId; self.name = name }
}

public struct ListDeleted: DomainEvent {
    @ID public var listId: String
    public var stream: String { TodoStreams.list(listId) }
    public init(listId: String) { self.listId = listId }
}

public struct ItemCompleted: DomainEvent {
    @ID public var itemId: String
    @ID public var listId: String
    public var stream: String { TodoStreams.item(itemId) }
    public init(itemId: String, listId: String) { self.itemId = itemId; self.listId = listId }
}

enum TodoStreams {
    static func list(_ listId: String) -> String { "list-\(listId)" }
    static func item(_ itemId: String) -> String { "item-\(itemId)" }
}

// DOC-SNIPPET-BEGIN WritingADomain
public enum TodoEvent: Sendable {
    case listCreated(ListCreated), listDeleted(ListDeleted)
    case itemAdded(ItemAdded), itemCompleted(ItemCompleted)
}

public struct TodoDomain: LedgerDomain {
    public init() {}
    public let readModelName = TodoTables.readModel
    public let events = [
        EventCase(ListCreated.self, as: TodoEvent.listCreated), EventCase(ListDeleted.self, as: TodoEvent.listDeleted),
        EventCase(ItemAdded.self, as: TodoEvent.itemAdded), EventCase(ItemCompleted.self, as: TodoEvent.itemCompleted),
    ]
    public let tables: [any DeclaredTable] = [TodoTables.lists, TodoTables.listNames, TodoTables.items]
    public let queries = [TodoQueries.listsQuery]
}
// DOC-SNIPPET-END

// DOC-SNIPPET-BEGIN WritingADomain
struct ListRow: EntityRow { var name: String; var isDeleted = false }
struct ItemRow: EntityRow { var title: String; var isCompleted = false; var isDeleted = false }
struct ItemKey: Codable, Sendable { var listId: String, itemId: String }

enum TodoTables {
    static let readModel = "todo"
    static let lists = ReadModelTable<String, ListRow>(readModel: readModel, name: "lists")
    static let listNames = ReadModelTable<NameOrderKey, String>(readModel: readModel, name: "list-names")
    static let items = ReadModelTable<ItemKey, ItemRow>(readModel: readModel, name: "items")
}
// DOC-SNIPPET-END

extension TodoDomain {
    public func check(_ event: TodoEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {
        switch event {
        // DOC-SNIPPET-BEGIN WritingADomain
        case .listCreated(let created):
            guard let holder = try readModel.rows(TodoTables.listNames, prefix: NameOrder.key(created.name)).first else { return }
            throw LedgerError.rule(
                "list name must be unique",
                entity: "\(created.stream) "
                    + "(\"\(holder.row)\" is taken by \(TodoStreams.list(holder.key.id)))")
        case .listDeleted(let deleted):
            try readModel.requireLive(TodoTables.lists, deleted.listId, kind: "list", stream: deleted.stream)
        // DOC-SNIPPET-END
        case .itemAdded(let added):
            guard mode == .strict else { return }
            try readModel.requireLive(TodoTables.lists, added.listId, kind: "list", stream: TodoStreams.list(added.listId))
        case .itemCompleted(let completed):
            let key = ItemKey(listId: completed.listId, itemId: completed.itemId)
            try readModel.requireLive(TodoTables.items, key, kind: "item", stream: completed.stream)
        }
    }

    public func apply(_ event: TodoEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        switch event {
        case .listCreated(let created):
            try readModel.set(TodoTables.lists, created.listId, ListRow(name: created.name))
            try readModel.set(TodoTables.listNames, NameOrderKey(name: created.name, id: created.listId), created.name)
        // DOC-SNIPPET-BEGIN WritingADomain
        case .listDeleted(let deleted):
            guard let list = try readModel.liveRow(TodoTables.lists, deleted.listId) else { return }
            try readModel.remove(TodoTables.listNames, NameOrderKey(name: list.name, id: deleted.listId))
            try readModel.set(TodoTables.lists, deleted.listId, ListRow(name: list.name, isDeleted: true))
            for var item in try readModel.liveRows(TodoTables.items, prefix: deleted.listId) {
                item.row.isDeleted = true
                try readModel.set(TodoTables.items, item.key, item.row)
                try context.link(stream: TodoStreams.item(item.key.itemId))
            }
        // DOC-SNIPPET-END
        case .itemAdded(let added):
            try readModel.set(TodoTables.items, ItemKey(listId: added.listId, itemId: added.itemId), ItemRow(title: added.title))
        case .itemCompleted(let completed):
            let key = ItemKey(listId: completed.listId, itemId: completed.itemId)
            guard var item = try readModel.liveRow(TodoTables.items, key) else { return }
            item.isCompleted = true
            try readModel.set(TodoTables.items, key, item)
        }
    }
}

// DOC-SNIPPET-BEGIN WritingADomain
public struct TodoListSummary: Encodable, Sendable, Equatable {
    public let listId: String, name: String
    public let items: Int, completed: Int
}

public enum TodoQueries {
    public static func lists(in readModel: ReadModelReader) throws(LedgerError) -> [TodoListSummary] {
        try readModel.rows(TodoTables.listNames).map { list throws(LedgerError) in
            let items = try readModel.liveRows(TodoTables.items, prefix: list.key.id).map(\.row)
            return TodoListSummary(
                listId: list.key.id, name: list.row, items: items.count,
                completed: items.filter(\.isCompleted).count)
        }
    }

    static let listsQuery = QueryDefinition(name: "lists", summary: "live lists by name, with their item counts") { _, readModel in
        let lists = try TodoQueries.lists(in: readModel)
        return try QueryResult(
            encoding: lists, columns: ["LIST ID", "NAME", "ITEMS", "DONE"],
            rows: lists.map { [$0.listId, $0.name, String($0.items), String($0.completed)] })
    }
}
// DOC-SNIPPET-END

/// The to-do domain of the article, folded in memory and on a ledger file.
@Suite struct WritingADomainTests {
    @Test func aListNameIsUniqueIgnoringCase() throws {
        // DOC-SNIPPET-BEGIN WritingADomain
        let model = InMemoryReadModel(TodoDomain())
        try model.append(ListCreated(listId: "home", name: "Home"))
        #expect(throws: LedgerError.rule("list name must be unique", entity: "list-chores (\"Home\" is taken by list-home)")) {
            try model.append(ListCreated(listId: "chores", name: "HOME"))
        }
        // DOC-SNIPPET-END
        #expect(try TodoQueries.lists(in: model.reader).map(\.name) == ["Home"])
    }

    @Test func deletingAListDeletesItsItemsAndLinksThem() throws {
        let model = InMemoryReadModel(TodoDomain())
        try model.append(ListCreated(listId: "home", name: "Home"))
        try model.append(ItemAdded(itemId: "dishes", listId: "home", title: "Dishes"))
        try model.append(ItemAdded(itemId: "laundry", listId: "home", title: "Laundry"))
        #expect(try model.append(ListDeleted(listId: "home")) == ["item-dishes", "item-laundry"])
        #expect(try TodoQueries.lists(in: model.reader).isEmpty)
        #expect(throws: LedgerError.rule("list must not be deleted", entity: "list-home")) {
            try model.append(ListDeleted(listId: "home"))
        }
    }

    @Test func theDomainRunsOnALedgerWithItsQueryAndThePastForFree() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try Ledger(path: directory.file("todo.lmdb"), domains: [TodoDomain()])
        try ledger.append(ListCreated(listId: "home", name: " Home "))
        try ledger.append(ItemAdded(itemId: "dishes", listId: "home", title: "Dishes"))
        try ledger.append(ItemCompleted(itemId: "dishes", listId: "home"))
        let beforeWork = try ledger.head().position
        try ledger.append(ListCreated(listId: "work", name: "work"))
        try ledger.append(ListDeleted(listId: "home"))

        #expect(try ledger.read { try TodoQueries.lists(in: $0) }.map(\.listId) == ["work"])
        #expect(
            try ledger.read(asOf: .position(beforeWork)) { try TodoQueries.lists(in: $0) }
                == [TodoListSummary(listId: "home", name: "Home", items: 1, completed: 1)])
        #expect(try ledger.query("lists").rows == [["work", "work", "0", "0"]])
        #expect(try ledger.history(of: "item-dishes").map(\.type) == ["ItemAdded", "ItemCompleted", "ListDeleted"])
        #expect(try ledger.verify().isIntact)
    }
}
