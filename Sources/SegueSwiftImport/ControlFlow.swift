// SPDX-License-Identifier: Apache-2.0
import SwiftSyntax

/// Swift's statements beyond if, guard, switch and for-in: while, repeat-while, do with catch
/// clauses, throw, fallthrough and labelled statements, with Swift's meaning.
extension Evaluator {
    /// One of these statements, run; nil when `stmt` is none of them.
    func controlFlow(_ stmt: StmtSyntax, _ scope: Scope, label: String?) throws(SwiftImportError) -> Flow? {
        if let l = stmt.as(LabeledStmtSyntax.self) { return try runLabeled(l, scope) }
        if let w = stmt.as(WhileStmtSyntax.self) { return try runWhile(w, scope, label: label) }
        if let r = stmt.as(RepeatStmtSyntax.self) { return try runRepeat(r, scope, label: label) }
        if let d = stmt.as(DoStmtSyntax.self) { return try runDo(d, scope, label: label) }
        if let t = stmt.as(ThrowStmtSyntax.self) { throw try throwing(t, scope) }
        if stmt.is(FallThroughStmtSyntax.self) { return .fellThrough }
        return nil
    }

    /// `name: statement`: `break name` leaves it, `continue name` goes on with its loop.
    func runLabeled(_ l: LabeledStmtSyntax, _ scope: Scope) throws(SwiftImportError) -> Flow {
        let label = l.label.text
        let flow: Flow
        if let f = l.statement.as(ForStmtSyntax.self) {
            flow = try runFor(f, scope, label: label)
        } else if let e = l.statement.as(ExpressionStmtSyntax.self), let s = e.expression.as(SwitchExprSyntax.self) {
            flow = try runSwitch(s, scope, label: label)
        } else if let e = l.statement.as(ExpressionStmtSyntax.self), let i = e.expression.as(IfExprSyntax.self) {
            flow = try runIf(i, scope)
        } else if let other = try controlFlow(l.statement, scope, label: label) {
            flow = other
        } else {
            throw fail(.unsupported, l, "a label on this statement is not supported", hint: "label a loop, a switch, an if or a do block")
        }
        if case let .broke(name) = flow, name == label { return .normal }
        return flow
    }

    /// What a loop does after its body ran: nil to go on, or the flow it ends with.
    static func leavesLoop(_ flow: Flow, _ label: String?) -> Flow? {
        switch flow {
        case .normal: return nil
        case let .continued(name): return name == nil || name == label ? nil : flow
        case let .broke(name): return name == nil || name == label ? .normal : flow
        case .returned, .fellThrough: return flow
        }
    }

    func runWhile(_ w: WhileStmtSyntax, _ scope: Scope, label: String?) throws(SwiftImportError) -> Flow {
        while true {
            try tick(w)
            let inner = Scope(parent: scope)
            guard try conditions(w.conditions, inner) else { return .normal }
            if let exit = Self.leavesLoop(try run(w.body.statements, inner), label) { return exit }
        }
    }

    /// `repeat { … } while condition`: the body runs once before the condition is tested.
    func runRepeat(_ r: RepeatStmtSyntax, _ scope: Scope, label: String?) throws(SwiftImportError) -> Flow {
        while true {
            try tick(r)
            if let exit = Self.leavesLoop(try run(r.body.statements, Scope(parent: scope)), label) { return exit }
            guard try truth(try eval(r.condition, scope), r.condition) else { return .normal }
        }
    }

    /// `do { … }`, a scope of its own, with the `catch` clauses that handle what its body throws.
    func runDo(_ d: DoStmtSyntax, _ scope: Scope, label: String?) throws(SwiftImportError) -> Flow {
        let flow: Flow
        do {
            flow = try run(d.body.statements, Scope(parent: scope))
        } catch {
            guard let thrown = swiftThrown, thrown.error == error, !d.catchClauses.isEmpty else { throw error }
            swiftThrown = nil
            for clause in d.catchClauses {
                let inner = Scope(parent: scope)
                if try catches(clause, thrown.value, inner) { return try run(clause.body.statements, inner) }
            }
            // No clause matches: the error goes on to the enclosing do.
            swiftThrown = thrown
            throw error
        }
        return flow
    }

    /// A catch clause's patterns against the thrown value; a clause with none binds `error`.
    private func catches(_ clause: CatchClauseSyntax, _ value: Value, _ scope: Scope) throws(SwiftImportError) -> Bool {
        if clause.catchItems.isEmpty {
            scope.names["error"] = value
            return true
        }
        for item in clause.catchItems {
            guard let pattern = item.pattern else { continue }
            if try match(pattern, value, scope), try item.whereClause.map({ w throws(SwiftImportError) in try truth(try eval(w.condition, scope), w.condition) }) ?? true {
                return true
            }
        }
        return false
    }

    /// `throw value`: the error that leaves the code until a `do`'s catch clause, `try?` or
    /// `try!` takes it. Uncaught, it is an error at the throw.
    func throwing(_ t: ThrowStmtSyntax, _ scope: Scope) throws(SwiftImportError) -> SwiftImportError {
        let value = try eval(t.expression, scope)
        let error = fail(.invalidValue, t, "this throw of \(describe(value)) is never caught: nothing around it handles the error",
                         hint: "animateTransition(using:) cannot throw; catch it with do/catch, or call with try?")
        swiftThrown = (value, error)
        return error
    }

    /// `try`, `try?` and `try!` around an expression.
    func evalTry(_ t: TryExprSyntax, _ scope: Scope, hint: String?) throws(SwiftImportError) -> Value {
        guard let mark = t.questionOrExclamationMark else { return try eval(t.expression, scope, hint: hint) }
        do {
            return try eval(t.expression, scope, hint: hint)
        } catch {
            guard let thrown = swiftThrown, thrown.error == error else { throw error }
            swiftThrown = nil
            if mark.tokenKind == .postfixQuestionMark || mark.text == "?" { return .none }
            throw fail(.invalidValue, t, "try! meets an error (\(describe(thrown.value))), thrown at line \(thrown.error.line): the app would stop here",
                       hint: "handle the error with do/catch or try?")
        }
    }
}
