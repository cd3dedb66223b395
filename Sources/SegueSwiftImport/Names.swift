// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry
import SwiftSyntax

extension Evaluator {
    /// The module object behind a value: an instance of the module's types, or of its UIView subclasses.
    func instanceOf(_ v: Value?) -> Instance? {
        switch v {
        case let .object(i)?: return i
        case let .view(view)?: return view.instance
        case let .layer(view)?: return view.layerInstance
        case let .viewController(c)?: return c.instance
        default: return nil
        }
    }

    /// `self` inside an instance's methods: the view, for a UIView subclass.
    func selfOf(_ i: Instance) -> Value {
        if let c = i.controller { return .viewController(c) }
        guard let v = i.view else { return .object(i) }
        return i.isLayer ? .layer(v) : .view(v)
    }

    /// A name on its own: a local, a property or method of `self`, a type, a global.
    func identifier(_ r: DeclReferenceExprSyntax, _ scope: Scope, hint: String?) throws(SwiftImportError) -> Value {
        let name = r.baseName.text
        if name == "self" || name == "Self" {
            if let s = scope.selfValue { return s }
            throw fail(.unknownIdentifier, r, "'self' is used outside a method")
        }
        if let v = scope.lookup(name) {
            if case .none = v, let owner = scope.owner(of: name), owner.names[name] != nil, case .none = owner.names[name]! {
                return v
            }
            return v
        }
        if let instance = instanceOf(scope.selfValue) {
            if instance.type.properties[name] != nil { return try readProperty(instance, name, r) }
            if let fs = instance.type.functions[name], let f = fs.first { return .function(FunctionRef(decl: f, receiver: scope.selfValue, type: instance.type)) }
            if isInteractionController(scope.selfValue), let v = interactiveProperty(name) { return v }
            if isPresentationController(scope.selfValue), let v = try presentationProperty(name, r) { return v }
        }
        if case let .typeName(t)? = scope.selfValue, let type = program.types[t] {
            if type.properties[name] != nil { return try staticProperty(type, name, r) }
            if let f = type.functions[name]?.first { return .function(FunctionRef(decl: f, receiver: scope.selfValue, type: type)) }
        }
        // Inside an extension of UIView or CALayer: the view's own properties (bounds, layer, …).
        if case let .view(v)? = scope.selfValue, let value = try? readView(v, name, layer: false, r) { return value }
        if case let .layer(v)? = scope.selfValue, let value = try? readView(v, name, layer: true, r) { return value }
        if case let .image(i)? = scope.selfValue, let value = imageMember(i, name) { return value }
        // Inside an extension of CAAnimation: the animation's own properties (duration, keyPath, …).
        if case let .caAnimation(a)? = scope.selfValue, let value = try? member(of: .caAnimation(a), name, r, scope: scope) { return value }
        // Inside an extension of CGRect, CGPoint or CGSize: the value's own members (minX, width, …).
        switch scope.selfValue {
        case .rect?, .point?, .size?:
            if let value = try? member(of: scope.selfValue!, name, r, scope: scope) { return value }
        default: break
        }
        if case .context? = scope.selfValue, ["containerView", "isAnimated", "isInteractive", "transitionWasCancelled", "presentationStyle"].contains(name) {
            return try member(of: .context, name, r, scope: scope)
        }
        // Inside an extension of UIViewController: the screen's own members, as `self.name`.
        if case let .viewController(c)? = scope.selfValue, let v = try screenMember(c, name, r, scope) { return v }
        // Helpers an extension of a UIKit type adds, called on an implicit self.
        if let receiver = scope.selfValue, let type = program.types[receiverTypeName(receiver)], receiverTypeName(receiver) != "" {
            if let f = type.functions[name]?.first { return .function(FunctionRef(decl: f, receiver: receiver, type: type)) }
            if type.properties[name] != nil { return try extensionProperty(type, name, receiver, r) }
        }
        if let g = program.globals[name] {
            // Swift initializes a global once, on first use: a global view is one view.
            if let v = globalValues[name] { return v }
            guard let initializer = g.initializer else {
                throw fail(.unsetProperty, r, "'\(name)' is read but never set", hint: bindHint(r))
            }
            let v = try enterCall(r, "this first read of '\(name)'") { () throws(SwiftImportError) -> Value in
                try eval(initializer.value, Scope(parent: nil), hint: g.typeAnnotation?.type.trimmedDescription)
            }
            globalValues[name] = v
            self.name(v, name)
            return v
        }
        if let f = program.functions[name]?.first { return .function(FunctionRef(decl: f, receiver: nil, type: nil)) }
        if program.types[name] != nil || Self.knownTypes.contains(name) { return .typeName(name) }
        switch name {
        case "CATransform3DIdentity": return .transform(.identity)
        case "CGAffineTransformIdentity": return .affine(.identity)
        case "kCAMediaTimingFunctionEaseIn": return .timing(.named("easeIn"))
        case "kCAMediaTimingFunctionEaseOut": return .timing(.named("easeOut"))
        case "kCAMediaTimingFunctionEaseInEaseOut": return .timing(.named("easeInEaseOut"))
        case "kCAMediaTimingFunctionLinear": return .timing(.named("linear"))
        case "kCAMediaTimingFunctionDefault": return .timing(.named("default"))
        case "kCAFillModeForwards": return .enumCase("forwards", [])
        case "kCAFillModeBackwards": return .enumCase("backwards", [])
        case "kCAFillModeBoth": return .enumCase("both", [])
        case "kCAFillModeRemoved": return .enumCase("removed", [])
        case "kCAAnimationLinear": return .enumCase("linear", [])
        case "kCAAnimationCubic": return .enumCase("cubic", [])
        case "kCAAnimationPaced": return .enumCase("paced", [])
        case "kCAAnimationDiscrete": return .enumCase("discrete", [])
        case "kCAAnimationCubicPaced": return .enumCase("cubicPaced", [])
        case "M_PI": return .double(.pi)
        case "NSEC_PER_SEC": return .double(1e9)
        default: break
        }
        throw fail(.unknownIdentifier, r, "unknown identifier '\(name)': the file does not define it and it is not part of the UIKit surface the importer knows",
                   hint: bindHint(r))
    }

    /// UIKit's names before Swift 4.2 nested them (`UIViewAnimationOptions` is
    /// `UIView.AnimationOptions`): old code spells them so, and means the same.
    static func modernTypeName(_ name: String) -> String {
        switch name {
        case "UIViewAnimationOptions": return "UIView.AnimationOptions"
        case "UIViewKeyframeAnimationOptions": return "UIView.KeyframeAnimationOptions"
        case "UIViewAnimationCurve": return "UIView.AnimationCurve"
        case "UINavigationControllerOperation": return "UINavigationController.Operation"
        case "UIViewAnimatingPosition", "UIViewAnimatingPosition.Type": return "UIViewAnimatingPosition"
        case "UIGestureRecognizerState": return "UIGestureRecognizer.State"
        default: return name
        }
    }

    static let knownTypes: Set<String> = [
        "CGRect", "CGPoint", "CGSize", "CGFloat", "Double", "Float", "Int", "CGVector", "TimeInterval", "CATransform3D", "CGAffineTransform",
        "UIColor", "UIView", "UIScreen", "UIImageView", "CALayer", "CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation",
        "CAMediaTimingFunction", "CAMediaTimingFunctionName", "CATransaction", "UIViewPropertyAnimator", "UISpringTimingParameters",
        "UICubicTimingParameters", "NSValue", "NSNumber", "UITransitionContextViewControllerKey", "UITransitionContextViewKey",
        "CAMediaTimingFillMode", "CAAnimationCalculationMode", "UIViewAnimatingPosition", "UIView.AnimationOptions", "UIView.KeyframeAnimationOptions",
        "UIViewAnimationOptions", "UIViewKeyframeAnimationOptions", "UIViewAnimationCurve", "UINavigationControllerOperation", "UINavigationController.Operation",
        "UIView.AnimationCurve", "UIViewController", "CGColor", "Bool", "String", "UIImage", "DispatchQueue", "DispatchTime", "Int64", "UIButton", "NSLayoutConstraint", "NotificationCenter",
        "UIPanGestureRecognizer", "UIScreenEdgePanGestureRecognizer", "UIGestureRecognizer", "UIPercentDrivenInteractiveTransition",
        "CAGradientLayer", "CAGradientLayerType", "UIVisualEffectView", "UIBlurEffect", "UIBlurEffect.Style", "UIVibrancyEffect",
        "UIApplication", "UIAccessibility",
    ]

    /// The type whose member `name` applies to `v`: for an enum case, the module's enum that has
    /// both the case and the member (several enums may share a case name such as `.left`).
    /// A Core Animation class and its superclasses, most specific first.
    static func caAncestry(_ className: String) -> [String] {
        switch className {
        case "CASpringAnimation": return ["CASpringAnimation", "CABasicAnimation", "CAPropertyAnimation", "CAAnimation"]
        case "CABasicAnimation", "CAKeyframeAnimation": return [className, "CAPropertyAnimation", "CAAnimation"]
        case "CAPropertyAnimation": return ["CAPropertyAnimation", "CAAnimation"]
        default: return className == "CAAnimation" ? ["CAAnimation"] : [className, "CAAnimation"]
        }
    }

    func receiverTypeName(_ v: Value, member name: String) -> String {
        // An image view has UIImageView's extensions and UIView's.
        if case .view = v, let t = program.types["UIImageView"], receiverTypeName(v) == "UIImageView",
           t.properties[name] == nil, t.functions[name] == nil { return "UIView" }
        // An animation has the extensions of its class and of the classes it inherits from.
        if case let .caAnimation(a) = v {
            return Self.caAncestry(a.className).first { program.types[$0].map { $0.properties[name] != nil || $0.functions[name] != nil } ?? false } ?? a.className
        }
        if case let .enumCase(c, _) = v, let t = program.typeOrder.first(where: { program.types[$0].map {
            $0.isEnum && $0.enumCases.contains(c) && ($0.properties[name] != nil || $0.functions[name] != nil) } ?? false }) {
            return t
        }
        return receiverTypeName(v)
    }

    func receiverTypeName(_ v: Value) -> String {
        switch v {
        case let .view(v): return v.isImageView && program.types["UIImageView"] != nil ? "UIImageView" : "UIView"
        case .layer: return "CALayer"
        case .image: return "UIImage"
        case .rect: return "CGRect"
        case .point: return "CGPoint"
        case .size: return "CGSize"
        case .transform: return "CATransform3D"
        case .affine: return "CGAffineTransform"
        case .color: return "UIColor"
        case .viewController: return "UIViewController"
        case .context: return "UIViewControllerContextTransitioning"
        case .screen: return "UIScreen"
        case let .enumCase(name, _):
            // The module's enum with that case: its extensions' members apply to the value.
            return program.typeOrder.first { program.types[$0].map { $0.isEnum && $0.enumCases.contains(name) } ?? false } ?? ""
        case let .object(instance): return instance.type.name
        case let .caAnimation(a): return Self.caAncestry(a.className).first { program.types[$0] != nil } ?? a.className
        default: return ""
        }
    }

    // MARK: - Properties of the file's types

    func readProperty(_ instance: Instance, _ name: String, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value {
        if let v = instance.stored[name] { return v }
        // What the app's init and viewDidLoad made (an image view, a background view) is the scene's.
        if let c = instance.controller, let v = try screenBinding(c, name, node, Scope(parent: nil)) { return v }
        if let v = instance.view, isUIKitOverride(instance.type, name) { return try readView(v, name, layer: instance.isLayer, node) }
        if let v = managedDefault(instance.type, name) { return v }
        guard let p = instance.type.properties[name] else {
            throw fail(.unknownIdentifier, node, "\(instance.type.name) has no property '\(name)'")
        }
        if p.isStatic { return try staticProperty(instance.type, name, node) }
        if let accessor = p.binding.accessorBlock, Self.observers(of: p.binding).isEmpty { return try computed(accessor, selfValue: selfOf(instance), node) }
        if let initializer = p.binding.initializer {
            let declared = p.binding.typeAnnotation?.type.trimmedDescription
            let v = try enterCall(node, "this first read of '\(name)'") { () throws(SwiftImportError) -> Value in
                labeledTuple(try eval(initializer.value, Scope(parent: nil, selfValue: selfOf(instance)), hint: declared), declared)
            }
            instance.stored[name] = v
            self.name(v, name)
            return v
        }
        if p.binding.typeAnnotation?.type.is(OptionalTypeSyntax.self) == true
            || p.binding.typeAnnotation?.type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) == true { return .none }
        if let c = instance.controller {
            throw fail(.unsetProperty, node, "the property '\(name)' of \(instance.type.name) is read but never set: Segue does not run the controller's init or viewDidLoad",
                       hint: "give the view the app made with bind: {\"\(c.screen).\(name)\": {layer: \(c.screen)-1}}")
        }
        throw fail(.unsetProperty, node, "the property '\(name)' of \(instance.type.name) is read but never set",
                   hint: "give it a value with the animator's init: {\(name): …} in the scene, or " + bindHint(node))
    }

    func staticProperty(_ type: TypeDecl, _ name: String, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value {
        guard let p = type.properties[name] else { throw fail(.unknownIdentifier, node, "\(type.name) has no property '\(name)'") }
        if let accessor = p.binding.accessorBlock { return try computed(accessor, selfValue: .typeName(type.name), node) }
        guard let initializer = p.binding.initializer else {
            throw fail(.unsetProperty, node, "the static property '\(name)' is read but never set", hint: bindHint(node))
        }
        return try enterCall(node, "this read of '\(name)'") { () throws(SwiftImportError) -> Value in
            try eval(initializer.value, Scope(parent: nil, selfValue: .typeName(type.name)), hint: p.binding.typeAnnotation?.type.trimmedDescription)
        }
    }

    func extensionProperty(_ type: TypeDecl, _ name: String, _ receiver: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value {
        guard let p = type.properties[name], let accessor = p.binding.accessorBlock else {
            throw fail(.unsupported, node, "stored properties in an extension of \(type.name) are not supported")
        }
        return try computed(accessor, selfValue: receiver, node)
    }

    func computed(_ accessor: AccessorBlockSyntax, selfValue: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value {
        try enterCall(node, "this read of a computed property") { () throws(SwiftImportError) -> Value in try getter(accessor, selfValue: selfValue, node) }
    }

    private func getter(_ accessor: AccessorBlockSyntax, selfValue: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value {
        let scope = Scope(parent: nil, selfValue: selfValue)
        switch accessor.accessors {
        case let .getter(items):
            return try body(items, scope, node)
        case let .accessors(list):
            guard let get = list.first(where: { $0.accessorSpecifier.text == "get" }), let b = get.body else {
                throw fail(.unsupported, accessor, "this property has no getter the importer can run")
            }
            return try body(b.statements, scope, node)
        }
    }

    /// Runs a function body; a body of one expression is its value.
    func body(_ items: CodeBlockItemListSyntax, _ scope: Scope, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value {
        if items.count == 1, case let .expr(e) = items.first!.item, !e.is(IfExprSyntax.self), !e.is(SwitchExprSyntax.self) {
            return try eval(e, scope)
        }
        if items.count == 1, case let .expr(e) = items.first!.item, let s = e.as(SwitchExprSyntax.self) {
            if case let .returned(v) = try runSwitchValue(s, scope) { return v }
            return .void
        }
        switch try run(items, scope) {
        case let .returned(v): return v
        default: return .void
        }
    }

    // MARK: - Calling the file's functions and closures

    func invoke(_ f: FunctionRef, _ args: Arguments, _ scope: Scope) throws(SwiftImportError) -> Value {
        try enterCall(args.node, "this call of \(f.decl.name.text)") { () throws(SwiftImportError) -> Value in try invokeBody(f, args, scope) }
    }

    private func invokeBody(_ f: FunctionRef, _ args: Arguments, _ scope: Scope) throws(SwiftImportError) -> Value {
        let inner = Scope(parent: f.captured, selfValue: f.receiver)
        let params = Array(f.decl.signature.parameterClause.parameters)
        var remaining = args.items[...]
        // `inout` parameters: the argument's value in, the parameter's final value back out.
        var writeBacks: [(local: String, target: ExprSyntax)] = []
        for p in params {
            let label = p.firstName.text == "_" ? nil : p.firstName.text
            let local = (p.secondName ?? p.firstName).text
            let isInout = p.type.as(AttributedTypeSyntax.self)?.specifiers.contains { $0.trimmedDescription == "inout" } == true
            let type = p.type.as(AttributedTypeSyntax.self)?.baseType.trimmedDescription ?? p.type.trimmedDescription
            if isInout {
                guard let next = remaining.first, next.label == label, let io = next.expr.as(InOutExprSyntax.self) else {
                    throw fail(.invalidValue, args.node, "the inout parameter '\(local)' of \(f.decl.name.text) takes a variable written with &",
                               hint: "call it as Swift requires: \(f.decl.name.text)(\(label.map { "\($0): " } ?? "")&value)")
                }
                inner.names[local] = try eval(io.expression, scope, hint: type)
                writeBacks.append((local, io.expression))
                remaining = remaining.dropFirst()
                continue
            }
            // A trailing closure fills the next parameter, whatever its label (Swift's forward scan).
            // A type alias may name a function type: only types known not to be functions are skipped.
            let functionType = type.contains("->") || !Self.knownTypes.contains(type.trimmingCharacters(in: CharacterSet(charactersIn: "?!")))
            let trailing = remaining.count == 1 && remaining.first.map { $0.expr.is(ClosureExprSyntax.self) && args.hasTrailingClosure } == true && functionType
            if p.ellipsis != nil {
                // A variadic parameter takes its argument and the unlabeled ones after it, as an array.
                var items: [Value] = []
                while let next = remaining.first, items.isEmpty ? next.label == label : next.label == nil {
                    items.append(try eval(next.expr, scope, hint: type))
                    remaining = remaining.dropFirst()
                }
                inner.names[local] = .array(items)
            } else if let next = remaining.first, next.label == label || trailing {
                inner.names[local] = labeledTuple(try eval(next.expr, scope, hint: type), type)
                remaining = remaining.dropFirst()
            } else if let d = p.defaultValue {
                inner.names[local] = try eval(d.value, inner, hint: type)
            } else {
                throw fail(.invalidValue, args.node, "\(args.signature(f.decl.name.text)) does not match \(f.decl.name.text)'s parameters",
                           hint: "call it as declared: \(f.decl.name.text)(" + params.map { "\($0.firstName.text):" }.joined() + ")")
            }
        }
        if let extra = remaining.first {
            throw fail(.invalidValue, extra.expr, "\(f.decl.name.text) has no parameter for this argument")
        }
        guard let b = f.decl.body else { return .void }
        let result = labeledTuple(try body(b.statements, inner, args.node), f.decl.signature.returnClause?.type.trimmedDescription)
        for w in writeBacks { try assign(w.target, inner.names[w.local] ?? .none, scope) }
        return result
    }

    /// An unlabelled tuple where the type (written out, or a type alias of the module) labels
    /// its elements: `let s: Span = (20, 50)` with `typealias Span = (from: CGFloat, to: CGFloat)`
    /// has `s.from` and `s.to`, as Swift converts it.
    func labeledTuple(_ v: Value, _ type: String?) -> Value {
        guard case let .array(items) = v, let type else { return v }
        // An optional of the tuple type (`Span?`) converts the same way.
        let text = program.resolvedTypeName(type.trimmingCharacters(in: .whitespaces)).trimmingCharacters(in: CharacterSet(charactersIn: "?!"))
        guard text.hasPrefix("("), text.hasSuffix(")") else { return v }
        // The elements at the top level of the parentheses, each `label: Type`.
        var labels: [String] = [], depth = 0, current = ""
        for ch in text.dropFirst().dropLast() {
            // The `>` of a function type's `->` closes nothing.
            if "([<".contains(ch) { depth += 1 } else if ")]".contains(ch) || ch == ">" && current.last != "-" { depth -= 1 }
            if ch == ",", depth == 0 { labels.append(current); current = ""; continue }
            current.append(ch)
        }
        labels.append(current)
        let names = labels.map { $0.split(separator: ":", maxSplits: 1).count == 2 ? $0.split(separator: ":", maxSplits: 1)[0].trimmingCharacters(in: .whitespaces) : "" }
        guard names.count == items.count, names.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) else { return v }
        return .fields(zip(names, items).map { ($0, $1) })
    }

    /// A tuple returned where the declared type labels its elements: `-> (frame: CGRect, scale: CGFloat)`
    /// gives `return (rect, s)` the names `.frame` and `.scale`.
    static func labeled(_ v: Value, as type: TypeSyntax?) -> Value {
        guard let t = type?.as(TupleTypeSyntax.self), case let .array(items) = v, items.count == t.elements.count,
              t.elements.allSatisfy({ $0.firstName != nil }) else { return v }
        return .fields(zip(t.elements, items).map { ($0.firstName!.text, $1) })
    }

    func invokeClosure(_ value: Value, _ arguments: [Value], _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value {
        switch value {
        case let .closure(c, captured):
            return try enterCall(node, "this call of a closure") { () throws(SwiftImportError) -> Value in try runClosure(c, captured, arguments) }
        case let .function(f):
            // A method passed as a closure: call it with positional values.
            return try enterCall(node, "this call of \(f.decl.name.text)") { () throws(SwiftImportError) -> Value in
                let inner = Scope(parent: f.captured, selfValue: f.receiver)
                for (p, v) in zip(f.decl.signature.parameterClause.parameters, arguments) { inner.names[(p.secondName ?? p.firstName).text] = v }
                guard let b = f.decl.body else { return .void }
                return try body(b.statements, inner, node)
            }
        case .none:
            return .void
        default:
            throw fail(.invalidValue, node, "expected a closure, found \(value.typeDescription)")
        }
    }

    private func runClosure(_ c: ClosureExprSyntax, _ captured: Scope, _ arguments: [Value]) throws(SwiftImportError) -> Value {
        let inner = Scope(parent: captured)
        var names: [String] = []
        switch c.signature?.parameterClause {
        case let .simpleInput(list)?: names = list.map(\.name.text)
        case let .parameterClause(clause)?: names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case .none: break
        }
        for (i, v) in arguments.enumerated() {
            if i < names.count { inner.names[names[i]] = v }
            inner.names["$\(i)"] = v
        }
        return try body(c.statements, inner, c)
    }

    /// Creates an instance of a type of the file: stored properties, then the initializer.
    func instantiate(_ type: TypeDecl, _ given: [(String, Value)], _ node: some SyntaxProtocol, args: Arguments?, scope: Scope?,
                     onCreate: ((Instance) -> Void)? = nil) throws(SwiftImportError) -> Value {
        let instance = Instance(type: type)
        onCreate?(instance)
        if type.isEnum {
            throw fail(.unsupported, node, "creating the enum \(type.name) with an initializer is not supported", hint: "write a case: .\(type.enumCases.first ?? "case")")
        }
        if type.initializers.isEmpty, !type.protocolInitializers.contains(where: { Self.takes($0, given.map(\.0)) }) {
            // Memberwise: the given values by name.
            for (k, v) in given {
                guard type.properties[k] != nil else {
                    throw fail(.binding, node, "\(type.name) has no property '\(k)' to initialize", hint: "its properties are \(type.propertyOrder.joined(separator: ", "))")
                }
                instance.stored[k] = v
            }
            return .object(instance)
        }
        let labels = given.map(\.0)
        if args == nil, !given.isEmpty, !type.initializers.contains(where: { Self.takes($0, labels) }),
           type.initializers.contains(where: { Self.takes($0, []) }),
           given.allSatisfy({ type.properties[$0.0].map { !$0.isLet && !$0.isStatic } ?? false }) {
            // A scene map for a type whose initializers take other names: the app makes it with
            // init() and then sets its properties (`var s = Settings(); s.menuWidth = 290`).
            try initialize(instance, [], node, excluding: Optional<Syntax>.none)
            for (k, v) in given { instance.stored[k] = v }
            return .object(instance)
        }
        try initialize(instance, given, node, excluding: Optional<Syntax>.none)
        return .object(instance)
    }

    /// Whether an initializer can be called with these argument labels.
    /// A call's arguments for one of `type`'s initializers, each evaluated with the type of the
    /// parameter it goes to as context (`.zero` where a CGPoint is expected is CGPoint.zero).
    func initializerArguments(_ type: TypeDecl, _ args: Arguments, _ scope: Scope) throws(SwiftImportError) -> [(String, Value)] {
        let labels = args.items.map { $0.label ?? "_" }
        let chosen = (type.initializers + type.protocolInitializers).first { Self.takes($0, labels) }
        var given: [(String, Value)] = []
        for (item, label) in zip(args.items, labels) {
            let declared = chosen.map { i in i.signature.parameterClause.parameters.first { $0.firstName.text == label }?.type }
                ?? type.properties[label]?.binding.typeAnnotation?.type
            given.append((label, try eval(item.expr, scope, hint: declared.map { $0.trimmedDescription })))
        }
        return given
    }

    static func takes(_ i: InitializerDeclSyntax, _ labels: [String]) -> Bool {
        let params = i.signature.parameterClause.parameters
        let names = params.map { $0.firstName.text }
        return labels.allSatisfy(names.contains) && params.allSatisfy { labels.contains($0.firstName.text) || $0.defaultValue != nil || $0.firstName.text == "_" && labels.isEmpty == false }
    }

    /// Runs the initializer that takes `given` on `instance`. `excluding`: the initializer
    /// that is calling `self.init(…)`; with no other match and no arguments, NSObject's `init()`.
    func initialize(_ instance: Instance, _ given: [(String, Value)], _ node: some SyntaxProtocol, excluding caller: (some SyntaxProtocol)?,
                    as owner: TypeDecl? = nil) throws(SwiftImportError) {
        // `owner`: a superclass whose initializer `super.init(…)` runs on the instance.
        let type = owner ?? instance.type
        func contains(_ i: InitializerDeclSyntax, _ n: Syntax) -> Bool {
            var p: Syntax? = n
            while let c = p { if c.id == i.id { return true }; p = c.parent }
            return false
        }
        let candidates = (type.initializers + type.protocolInitializers).filter { i in caller.map { !contains(i, Syntax($0)) } ?? true }
        var given = given
        // A trailing closure fills the closure parameter it follows (`Delegate { … }` for init(completion:)).
        if let last = given.last, last.0 == "_", case .closure = last.1,
           let p = candidates.lazy.flatMap({ $0.signature.parameterClause.parameters }).first(where: { p in
               p.type.trimmedDescription.contains("->") && !given.contains { $0.0 == p.firstName.text } }), p.firstName.text != "_" {
            given[given.count - 1].0 = p.firstName.text
        }
        let labels = given.map(\.0)
        let chosen = candidates.first { Self.takes($0, labels) } ?? (given.isEmpty ? candidates.first { $0.signature.parameterClause.parameters.allSatisfy { $0.defaultValue != nil } } : nil)
        guard let initializer = chosen else {
            if caller != nil, given.isEmpty { return }
            let list = type.initializers.map { "init(" + $0.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined() + ")" }
            throw fail(.binding, node, "no initializer of \(type.name) takes " + (labels.isEmpty ? "no arguments" : labels.map { "\($0):" }.joined()),
                       hint: "give its arguments with init: in the scene; \(type.name) has \(list.joined(separator: ", "))")
        }
        let inner = Scope(parent: nil, selfValue: selfOf(instance))
        for p in initializer.signature.parameterClause.parameters {
            let local = (p.secondName ?? p.firstName).text
            if let v = given.first(where: { $0.0 == p.firstName.text })?.1 {
                inner.names[local] = try conform(v, to: p.type, node)
            } else if let d = p.defaultValue {
                inner.names[local] = try eval(d.value, inner, hint: p.type.trimmedDescription)
            }
        }
        if let b = initializer.body {
            _ = try enterCall(node, "this initialization of \(type.name)") { () throws(SwiftImportError) -> Flow in try run(b.statements, inner) }
        }
    }

    /// A scene value given to a parameter of this type: strings become enum cases of enums.
    func conform(_ v: Value, to type: TypeSyntax, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value {
        var name = Self.modernTypeName(program.resolvedTypeName(type.trimmedDescription))
        if name.hasSuffix("?") || name.hasSuffix("!") { name.removeLast() }
        // A nested type is declared by its own name: `Animation.Direction` is `Direction`.
        if program.types[name] == nil, let last = name.split(separator: ".").last, program.types[String(last)] != nil { name = String(last) }
        // `null` in init: or bind: given where the code expects an Optional is nil.
        if case .void = v, type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return .none }
        if case let .string(s) = v, ["UIView.AnimationOptions", "UIView.KeyframeAnimationOptions"].contains(name) { return .array([.enumCase(s, [])]) }
        if case let .array(items) = v, ["UIView.AnimationOptions", "UIView.KeyframeAnimationOptions"].contains(name) {
            // An option set given as a list of names: [curveEaseOut, allowUserInteraction].
            var out: [Value] = []
            for item in items {
                guard case let .string(s) = item else { throw fail(.binding, node, "\(name) is a list of option names, e.g. [curveEaseOut]") }
                out.append(.enumCase(s.hasPrefix(".") ? String(s.dropFirst()) : s, []))
            }
            return .array(out)
        }
        if case .fields = v, type.is(TupleTypeSyntax.self) { return v }
        if case let .fields(given) = v, given.count == 1, let t = program.types[name.trimmingCharacters(in: CharacterSet(charactersIn: "?!"))],
           t.isEnum, t.enumCases.contains(given[0].0) {
            // An enum case with its associated values: {slide: 10}.
            return .enumCase(given[0].0, Self.tupleElements(given[0].1) ?? [given[0].1])
        }
        if case let .fields(given) = v, let (t, rest) = try adopter(of: name, given, node) {
            return try instantiate(t, try conformFields(rest, of: t, node), node, args: nil, scope: nil)
        }
        if case let .fields(given) = v {
            guard let t = program.types[name.trimmingCharacters(in: CharacterSet(charactersIn: "?!"))], !t.isEnum, !t.isProtocolExtension else {
                throw fail(.binding, node, "a map of properties was given where the code expects \(name), which is not a struct or class of the module",
                           hint: "give a value of \(name)'s kind")
            }
            return try instantiate(t, try conformFields(given, of: t, node), node, args: nil, scope: nil)
        }
        if case let .string(s) = v, let t = program.types[name], !t.isEnum, t.properties[s]?.isStatic == true {
            // A name where the code expects a class or struct is an implicit member of it:
            // `style: viewSlideOut` is `.viewSlideOut`, a static property of the type.
            return try member(of: .typeName(name), s, node, scope: Scope(parent: nil))
        }
        if case let .string(s) = v, let t = program.types[name], t.isEnum {
            guard t.enumCases.contains(s) else {
                throw fail(.binding, node, "\(name) has no case '\(s)'", hint: "its cases are \(t.enumCases.joined(separator: ", "))")
            }
            return .enumCase(s, [])
        }
        if case let .int(i) = v, Self.floatingTypes.contains(name) { return .double(Double(i)) }
        return v
    }

    private func conformFields(_ given: [(String, Value)], of t: TypeDecl, _ node: some SyntaxProtocol) throws(SwiftImportError) -> [(String, Value)] {
        var converted: [(String, Value)] = []
        for (k, value) in given {
            if let p = t.properties[k], let annotation = p.binding.typeAnnotation?.type { converted.append((k, try conform(value, to: annotation, node))) }
            else { converted.append((k, value)) }
        }
        return converted
    }

    /// A map given where the code expects a protocol, or a composition of protocols, of the
    /// module: the value is an instance of the struct or class that adopts them all, as the app
    /// would pass one. `type:` names it when several do.
    private func adopter(of typeName: String, _ given: [(String, Value)], _ node: some SyntaxProtocol) throws(SwiftImportError) -> (TypeDecl, [(String, Value)])? {
        let wanted = program.protocolNames(in: typeName)
        guard !wanted.isEmpty else { return nil }
        var rest = given
        var named: String?
        if let i = rest.firstIndex(where: { $0.0 == "type" }), case let .string(n) = rest[i].1, program.types[n].map({ !$0.isProtocolExtension }) ?? false {
            named = n
            rest.remove(at: i)
        }
        let adopters = program.types.values
            .filter { !$0.isProtocolExtension && !$0.isEnum && !program.isUIKitSubclass($0) && wanted.isSubset(of: program.adoptedProtocols(of: $0)) }
            .map(\.name).sorted()
        if let named {
            guard adopters.contains(named), let t = program.types[named] else {
                throw fail(.binding, node, "\(named) does not adopt \(typeName)",
                           hint: adopters.isEmpty ? "no struct or class of the module adopts it" : "types that do: \(adopters.joined(separator: ", "))")
            }
            return (t, rest)
        }
        switch adopters.count {
        case 0:
            throw fail(.binding, node, "a map of properties was given where the code expects \(typeName), and no struct or class of the module adopts it",
                       hint: "give a value the code accepts, or add the file that declares the app's type to swift:")
        case 1:
            return (program.types[adopters[0]]!, rest)
        default:
            throw fail(.binding, node, "\(adopters.count) types of the module adopt \(typeName): \(adopters.joined(separator: ", "))",
                       hint: "name one in the map: {type: \(adopters[0]), …}")
        }
    }
}
