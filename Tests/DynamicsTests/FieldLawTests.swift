import Testing
import Geometry
import KineticTestSupport
@testable import Dynamics

/// Every field kind's force law, checked against its analytic motion (see the table on
/// ``FieldBehavior``). Items are `size`-point squares of density 1: mass (size/100)².
@Suite("Field force laws")
struct FieldLawTests {
    /// An animator holding `box` in `field`, with `charge` and starting `velocity` (points/s).
    static func animator(_ field: FieldBehavior, _ box: Box, charge: Double = 0, velocity: Vector = .zero) -> DynamicAnimator {
        let animator = DynamicAnimator()
        field.addItem(box)
        let item = DynamicItemBehavior(items: [box])
        item.charge = charge
        if velocity != .zero { item.addLinearVelocity(velocity, for: box) }
        animator.addBehavior(item)
        animator.addBehavior(field)
        return animator
    }

    /// The acceleration (points/s²) `field` gives a `size`-point item at `p` with `charge` and
    /// `velocity`, measured over one 1/240-s step (a single substep).
    static func acceleration(_ field: FieldBehavior, at p: Point, size: Double = 100, charge: Double = 0,
                             velocity: Vector = .zero) -> Vector {
        let box = Box(p.x, p.y, size: size)
        let animator = Self.animator(field, box, charge: charge, velocity: velocity)
        let h = 1.0 / 240
        animator.step(h)
        let v = animator.linearVelocity(for: box)
        return Vector(dx: (v.dx - velocity.dx) / h, dy: (v.dy - velocity.dy) / h)
    }

    static func length(_ v: Vector) -> Double { (v.dx * v.dx + v.dy * v.dy).squareRoot() }

    @Test("Linear gravity: free fall y = ½·1000·s·t², whatever the mass (0.5 pt over 1 s)")
    func linearGravity() {
        for size in [100.0, 200.0] {
            let field = FieldBehavior.linearGravityField(direction: Vector(dx: 0, dy: 0.5))
            field.strength = 1.5
            let box = Box(0, 0, size: size)
            let animator = Self.animator(field, box)
            var worst = 0.0
            for k in 1...60 {
                animator.step(1.0 / 60)
                let t = Double(k) / 60
                worst = max(worst, abs(box.center.y - 0.5 * 1000 * 0.75 * t * t))
            }
            #expect(worst < 0.5, "free fall off by \(worst) pt")
            #expect(box.center.x == 0)
        }
    }

    @Test("Drag: a force −s·v, so speed decays as exp(−s·t/m) and x → v₀·m/s")
    func drag() {
        for (size, strength) in [(100.0, 2.0), (200.0, 3.0)] {
            let mass = size * size / 1e4
            let field = FieldBehavior.dragField()
            field.strength = strength
            let box = Box(0, 0, size: size)
            let animator = Self.animator(field, box, velocity: Vector(dx: 300, dy: -120))
            var worstSpeed = 0.0, worstX = 0.0
            for k in 1...60 {
                animator.step(1.0 / 60)
                let t = Double(k) / 60, decay = exp(-strength * t / mass)
                let v = animator.linearVelocity(for: box)
                worstSpeed = max(worstSpeed, abs(v.dx / (300 * decay) - 1), abs(v.dy / (-120 * decay) - 1))
                worstX = max(worstX, abs(box.center.x - 300 * mass / strength * (1 - decay)))
            }
            #expect(worstSpeed < 1e-9, "speed off by \(worstSpeed * 100) %")
            #expect(worstX < 0.5, "position off by \(worstX) pt")
        }
    }

    @Test("Spring: Hooke's law −100·s·d, period 2π·√(m/(100·s)) (0.5 %), amplitude kept (1 %)")
    func spring() {
        for (size, strength) in [(100.0, 1.0), (200.0, 2.0)] {
            let mass = size * size / 1e4
            let field = FieldBehavior.springField()
            field.position = Point(x: 50, y: 20)
            field.strength = strength
            let box = Box(150, 20, size: size)
            let animator = Self.animator(field, box)
            let period = 2 * Double.pi * (mass / (100 * strength)).squareRoot()
            let dt = 1.0 / 240
            var xs = [box.center.x - 50]
            for _ in 0..<Int(3.2 * period / dt) {
                animator.step(dt)
                xs.append(box.center.x - 50)
            }
            var crossings: [Double] = []
            for k in 1..<xs.count where xs[k - 1] > 0 && xs[k] <= 0 {
                crossings.append((Double(k - 1) + xs[k - 1] / (xs[k - 1] - xs[k])) * dt)
            }
            let measured = (crossings[2] - crossings[0]) / 2
            #expect(abs(measured - period) / period < 0.005, "period \(measured) vs \(period)")
            let late = xs.suffix(Int(period / dt))
            #expect(abs(late.max()! - 100) < 1 && abs(late.min()! + 100) < 1, "amplitude \(late.min()!)…\(late.max()!)")
            #expect(abs(box.center.y - 20) < 1e-9)
        }
    }

    @Test("Velocity: the item's velocity is s·direction at once, overriding gravity")
    func velocityField() {
        let field = FieldBehavior.velocityField(direction: Vector(dx: 100, dy: -40))
        field.strength = 2
        let box = Box(0, 0)
        let animator = Self.animator(field, box, velocity: Vector(dx: -50, dy: 300))
        animator.addBehavior(GravityBehavior(items: [box]))
        for _ in 0..<60 {
            animator.step(1.0 / 60)
            let v = animator.linearVelocity(for: box)
            #expect(abs(v.dx - 200) < 1e-9 && abs(v.dy + 80) < 1e-9, "velocity \(v)")
        }
        // After the first half substep (the mean of the start and the field's velocity) it moves at 200 pt/s.
        let h = 1.0 / 240
        let expected = Point(x: 200 * 1 - 0.5 * h * 250, y: -80 * 1 + 0.5 * h * 380)
        #expect(box.center.distance(to: expected) < 1e-6, "at \(box.center), expected \(expected)")
    }

    @Test("Radial gravity: 1000·s towards the centre, ratio (r₂/r₁)^falloff, minimumRadius")
    func radialGravity() {
        func make() -> FieldBehavior {
            let f = FieldBehavior.radialGravityField(position: Point(x: 40, y: -30))
            f.falloff = 2
            f.minimumRadius = 20
            f.strength = 0.8
            return f
        }
        // At 100 pt the strength is unchanged; at 200 pt a quarter; inside 20 pt it is the value at 20 pt.
        let near = Self.acceleration(make(), at: Point(x: 40 + 60, y: -30 + 80))
        let far = Self.acceleration(make(), at: Point(x: 40 - 120, y: -30 - 160))
        #expect(abs(Self.length(near) - 800) / 800 < 1e-9, "|a| \(Self.length(near))")
        #expect(abs(Self.length(near) / Self.length(far) - 4) < 1e-9)
        #expect(abs(near.dx / near.dy - 60.0 / 80) < 1e-9 && near.dx < 0 && near.dy < 0)
        #expect(far.dx > 0 && far.dy > 0 && abs(far.dx * 160 - far.dy * 120) < 1e-9)
        let inside = Self.acceleration(make(), at: Point(x: 40 + 3, y: -30 + 4))
        #expect(abs(Self.length(inside) - 800 * 25) / (800 * 25) < 1e-9, "|a| at 5 pt \(Self.length(inside))")
        // Gravity: the same acceleration for a heavier item.
        let heavy = Self.acceleration(make(), at: Point(x: 40 + 60, y: -30 + 80), size: 300)
        #expect(abs(heavy.dx - near.dx) < 1e-9 && abs(heavy.dy - near.dy) < 1e-9)
    }

    @Test("Electric: force 1000·q·s away from the centre, ratio (r₂/r₁)^falloff, nothing at charge 0")
    func electric() {
        func make(_ strength: Double = 1) -> FieldBehavior {
            let f = FieldBehavior.electricField()
            f.position = Point(x: 10, y: 10)
            f.falloff = 1
            f.strength = strength
            return f
        }
        // Positive charge, positive strength: repelled, 1000·q·s/m at 100 pt.
        let a = Self.acceleration(make(), at: Point(x: 70, y: 90), charge: 2)
        #expect(abs(Self.length(a) - 2000) / 2000 < 1e-9, "|a| \(Self.length(a))")
        #expect(a.dx > 0 && a.dy > 0 && abs(a.dx * 80 - a.dy * 60) < 1e-9)
        // Three times as far: a third (falloff 1).
        let far = Self.acceleration(make(), at: Point(x: 10 + 180, y: 10 + 240), charge: 2)
        #expect(abs(Self.length(a) / Self.length(far) - 3) < 1e-9)
        // Negative strength (or charge) attracts; four times the mass, a quarter of the acceleration.
        let pulled = Self.acceleration(make(-1), at: Point(x: 70, y: 90), size: 200, charge: 2)
        #expect(abs(pulled.dx + a.dx / 4) < 1e-9 && abs(pulled.dy + a.dy / 4) < 1e-9)
        let negative = Self.acceleration(make(), at: Point(x: 70, y: 90), charge: -2)
        #expect(abs(negative.dx + a.dx) < 1e-9 && abs(negative.dy + a.dy) < 1e-9)
        // No charge, no force: the item never moves.
        let box = Box(70, 90)
        let animator = Self.animator(make(), box)
        for _ in 0..<60 { animator.step(1.0 / 60) }
        #expect(box.center == Point(x: 70, y: 90))
    }

    @Test("Vortex: 1000·s perpendicular to the radius, counter-clockwise on screen")
    func vortex() {
        let centre = Point(x: -20, y: 30)
        for angle in stride(from: 0.0, to: 2 * .pi, by: .pi / 3) {
            let d = Vector(dx: 150 * cos(angle), dy: 150 * sin(angle))
            let field = FieldBehavior.vortexField()
            field.position = centre
            field.strength = 0.5
            let a = Self.acceleration(field, at: centre + d)
            #expect(abs(a.dx * d.dx + a.dy * d.dy) < 1e-6, "not perpendicular: \(a) at \(d)")
            #expect(abs(Self.length(a) - 500) < 1e-9)
            // Counter-clockwise on screen (y down): the cross product d × a is negative.
            #expect(d.dx * a.dy - d.dy * a.dx < 0)
        }
        // Right of the centre, a counter-clockwise swirl pushes up the screen.
        let field = FieldBehavior.vortexField()
        let right = Self.acceleration(field, at: Point(x: 100, y: 0))
        #expect(abs(right.dx) < 1e-9 && abs(right.dy + 1000) < 1e-9)
    }

    /// Runs a charged item launched at `velocity` through a magnetic field for 2 s and returns the
    /// worst relative errors of its distance from `centre` (against `radius`) and of its speed.
    static func magneticOrbit(size: Double, charge: Double, strength: Double, velocity: Vector) -> (centre: Point, radius: Double, speed: Double) {
        let field = FieldBehavior.magneticField()
        field.strength = strength
        let mass = size * size / 1e4
        let box = Box(0, 0, size: size)
        let animator = Self.animator(field, box, charge: charge, velocity: velocity)
        let speed = Self.length(velocity)
        let rate = 10 * charge * strength / mass
        let radius = mass * speed / (10 * abs(charge * strength))
        // ω > 0 turns counter-clockwise on screen: the centre is to the left of the velocity (y down).
        let centre = Point(x: velocity.dy / rate, y: -velocity.dx / rate)
        #expect(abs(centre.distance(to: .zero) - radius) < 1e-9)
        var worstRadius = 0.0, worstSpeed = 0.0
        for _ in 0..<120 {
            animator.step(1.0 / 60)
            worstRadius = max(worstRadius, abs(box.center.distance(to: centre) / radius - 1))
            worstSpeed = max(worstSpeed, abs(Self.length(animator.linearVelocity(for: box)) / speed - 1))
        }
        return (centre, worstRadius, worstSpeed)
    }

    @Test("Magnetic: circles of radius m·v/(10·|q·s|) at constant speed (2 %, 1 %), counter-clockwise for q·s > 0")
    func magnetic() {
        for (size, charge, strength, velocity) in [(100.0, 1.0, 1.0, Vector(dx: 300, dy: 0)),
                                                     (200.0, 2.0, 1.5, Vector(dx: -120, dy: 160)),
                                                     (100.0, -1.0, 0.5, Vector(dx: 0, dy: 400))] {
            let orbit = Self.magneticOrbit(size: size, charge: charge, strength: strength, velocity: velocity)
            #expect(orbit.radius < 0.02, "radius off by \(orbit.radius * 100) %")
            #expect(orbit.speed < 0.01, "speed off by \(orbit.speed * 100) %")
        }
        // Moving right with q·s > 0: the item turns up the screen (counter-clockwise).
        let field = FieldBehavior.magneticField()
        let a = Self.acceleration(field, at: .zero, charge: 1, velocity: Vector(dx: 300, dy: 0))
        #expect(a.dy < -2900 && abs(a.dx) < 200)
        // No charge: a straight line.
        let box = Box(0, 0)
        let animator = Self.animator(FieldBehavior.magneticField(), box, velocity: Vector(dx: 300, dy: 0))
        for _ in 0..<60 { animator.step(1.0 / 60) }
        #expect(abs(box.center.x - 300) < 1e-9 && box.center.y == 0)
    }

    /// A noise or turbulence field with a seed and a drift.
    static func noisy(_ kind: FieldBehavior.Kind, seed: UInt64) -> FieldBehavior {
        let f = kind == .noise ? FieldBehavior.noiseField(smoothness: 0.3, animationSpeed: 0.5)
                               : FieldBehavior.turbulenceField(smoothness: 0.3, animationSpeed: 0.5)
        f.seed = seed
        f.strength = 0.7
        return f
    }

    /// The path of an item launched through a noise or turbulence field for 1 s.
    static func noisyPath(_ kind: FieldBehavior.Kind, seed: UInt64) -> [Point] {
        let box = Box(10, 20)
        let animator = Self.animator(Self.noisy(kind, seed: seed), box, velocity: Vector(dx: 200, dy: 100))
        return (0..<60).map { _ in animator.step(1.0 / 60); return box.center }
    }

    /// The compiled law of a noise or turbulence field (for sampling it at many places).
    static func law(_ kind: FieldBehavior.Kind, seed: UInt64) -> FieldInstance {
        let f = Self.noisy(kind, seed: seed)
        return FieldInstance(kind: kind, bodies: [], charges: [], position: .zero, region: .infinite, strength: f.strength,
                             falloff: 0, minimumRadius: 1, direction: .zero, cell: 50 + 450 * f.smoothness,
                             animationSpeed: f.animationSpeed, seed: f.seed)
    }

    @Test("Noise and turbulence: the same seed gives the same path, another seed another")
    func noiseDeterminism() {
        for kind in [FieldBehavior.Kind.noise, .turbulence] {
            #expect(Self.noisyPath(kind, seed: 7) == Self.noisyPath(kind, seed: 7))
            #expect(Self.noisyPath(kind, seed: 7) != Self.noisyPath(kind, seed: 8))
        }
    }

    @Test("Noise: bounded by 1000·s per component, zero mean over many places (3 % of the bound)")
    func noiseBoundsAndMean() {
        // Through the animator: items at rest at scattered places.
        var largest = 0.0
        for k in 0..<40 {
            let p = Point(x: Double(k) * 37.3 - 700, y: Double(k * k % 23) * 41.9 - 400)
            let a = Self.acceleration(Self.noisy(.noise, seed: 3), at: p)
            largest = max(largest, abs(a.dx), abs(a.dy))
        }
        #expect(largest <= 700 + 1e-9 && largest > 100, "largest component \(largest)")
        // The law sampled over 10,000 places and times.
        let law = Self.law(.noise, seed: 3)
        var sum = (0.0, 0.0), peak = 0.0
        for i in 0..<100 { for j in 0..<100 {
            let (ax, ay) = law.acceleration(x: Double(i) * 203.7, y: Double(j) * 191.3, vx: 0, vy: 0, charge: 0,
                                            inverseMass: 1, time: Double(i + j) * 0.37)
            sum.0 += ax; sum.1 += ay
            peak = max(peak, abs(ax), abs(ay))
        } }
        #expect(peak <= 700 + 1e-9)
        #expect(abs(sum.0 / 1e4) < 0.03 * 700 && abs(sum.1 / 1e4) < 0.03 * 700, "mean (\(sum.0 / 1e4), \(sum.1 / 1e4))")
    }

    @Test("Turbulence: nothing at rest; s·|v| times a bounded, zero-mean noise, whatever the direction")
    func turbulence() {
        // At rest: the item never moves and the animator pauses.
        let box = Box(30, 40)
        let animator = Self.animator(Self.noisy(.turbulence, seed: 5), box)
        for _ in 0..<60 { animator.step(1.0 / 60) }
        #expect(box.center == Point(x: 30, y: 40) && !animator.isRunning)
        // Proportional to the speed, independent of the velocity's direction.
        let law = Self.law(.turbulence, seed: 5)
        let (ax, ay) = law.acceleration(x: 130, y: -70, vx: 100, vy: 0, charge: 0, inverseMass: 1, time: 0.4)
        let (bx, by) = law.acceleration(x: 130, y: -70, vx: 0, vy: -200, charge: 0, inverseMass: 1, time: 0.4)
        #expect(abs(bx - 2 * ax) < 1e-9 && abs(by - 2 * ay) < 1e-9 && (ax, ay) != (0, 0))
        // Bounded by s·|v| per component, zero mean over 10,000 places.
        var sum = (0.0, 0.0), peak = 0.0
        for i in 0..<100 { for j in 0..<100 {
            let (ax, ay) = law.acceleration(x: Double(i) * 203.7, y: Double(j) * 191.3, vx: 300, vy: 400, charge: 0,
                                            inverseMass: 1, time: Double(i * j) * 0.11)
            sum.0 += ax; sum.1 += ay
            peak = max(peak, abs(ax), abs(ay))
        } }
        let bound = 0.7 * 500
        #expect(peak <= bound + 1e-9 && peak > 0.5 * bound)
        #expect(abs(sum.0 / 1e4) < 0.03 * bound && abs(sum.1 / 1e4) < 0.03 * bound, "mean (\(sum.0 / 1e4), \(sum.1 / 1e4))")
        // Through the animator: the law at the substep's midpoint (place and time).
        let h = 1.0 / 240
        for speed in [50.0, 400.0] {
            let a = Self.acceleration(Self.noisy(.turbulence, seed: 5), at: Point(x: 130, y: -70), velocity: Vector(dx: 0, dy: speed))
            let (ex, ey) = law.acceleration(x: 130, y: -70 + 0.5 * h * speed, vx: 0, vy: speed, charge: 0, inverseMass: 1, time: 0.5 * h)
            #expect(abs(a.dx - ex) < 1e-6 * speed && abs(a.dy - ey) < 1e-6 * speed, "\(a) vs (\(ex), \(ey))")
        }
    }

    @Test("Regions switch every kind of field off outside them", arguments: [FieldRegion.circle(radius: 100), .rectangle(Size(width: 100, height: 60))])
    func regions(region: FieldRegion) {
        let kinds: [FieldBehavior.Kind] = [.linearGravity, .radialGravity, .spring, .drag, .velocity, .vortex, .noise,
                                           .turbulence, .electric, .magnetic]
        let centre = Point(x: 200, y: -50)
        for kind in kinds {
            // (30, 45) is inside the circle but above the rectangle.
            for (offset, inside) in [(Vector(dx: 30, dy: 20), true), (Vector(dx: 30, dy: 45), false), (Vector(dx: 120, dy: 0), false)] {
                let field = FieldBehavior(kind: kind)
                field.position = centre
                field.region = region
                field.direction = Vector(dx: 1, dy: 1)
                let start = Vector(dx: 60, dy: -30)
                let a = Self.acceleration(field, at: centre + offset, charge: 1, velocity: start)
                if inside || (offset.dy == 45 && region == .circle(radius: 100)) {
                    #expect(Self.length(a) > 1, "\(kind) did not act inside \(region) at \(offset)")
                } else {
                    #expect(a == .zero, "\(kind) acted outside \(region) at \(offset): \(a)")
                }
            }
        }
    }
}
