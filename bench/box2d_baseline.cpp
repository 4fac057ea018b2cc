// Box2D 2.4.1 baseline for Kinetic's physics benchmark (`PhysicsBenchmark` in
// Sources/Scenes/Bench), built against Debian's libbox2d-dev by `make bench` / `make bench-box2d`.
//
//   box2d_baseline [N] [--json] [--velocity-iterations V] [--position-iterations P]
//
// The scenario, like for like with `kinetic bench physics`:
// - N bodies (default 10,000) on a grid of sqrt(N) columns 60 pt apart, each starting 50 pt from
//   its own anchor in the direction k * 2.399963 rad (the golden angle), as Kinetic places them.
// - Each body hangs from its anchor on a b2DistanceJoint: a spring of rest length 30 pt, 4 Hz,
//   damping ratio 0.3 (stiffness and damping from b2LinearStiffness). Kinetic's
//   AttachmentBehavior with a length is a spring along the line to the anchor with a rest length,
//   which is what the distance joint is; a b2MouseJoint would be a zero-length spring (Kinetic's
//   point attachment), so it is not the same scenario. The joint's lower and upper limits are set
//   wide apart (0 and b2_maxFloat, the joint definition's default) and never engage; Box2D still evaluates them.
// - Bodies have no fixtures: Kinetic's scenario has no shapes and no collisions, so Box2D does no
//   broad phase or contact work either. Box2D 2.4.1 gives a fixture-less dynamic body mass 0 (the
//   spring then yields NaN positions), so each gets mass 1 and no rotational inertia through
//   SetMassData; the spring's frequency and damping ratio do not depend on the mass.
// - No gravity; steps of 1/120 s with Box2D's recommended 8 velocity and 3 position iterations
//   (change them with the options; with one joint per body the first velocity iteration already
//   solves the joint exactly and the others apply zero impulses).
// - Units: 100 pt per metre. Box2D is tuned for metres (b2_maxTranslation clamps a body to 2 units
//   per step: at 1 unit per point the springs, which reach about 500 pt/s, would be slowed to
//   240 pt/s), and at this scale Box2D's sleep tolerance (0.01 m/s) is Kinetic's 1 pt/s.
//
// Sleeping, the same policy on both sides:
// - "all moving" (steps 1-60): world.SetAllowSleeping(false). Kinetic cannot switch sleeping off,
//   but none of its bodies sleeps in these 60 steps (`kinetic bench` prints how many are awake);
//   Kinetic still pays for its sleep test there.
// - "settling" (steps 1-600, averaged): sleeping allowed on both sides, each with its own rule:
//   Box2D sleeps a body (its own island) below 1 pt/s for 0.5 s (b2_timeToSleep, compiled into
//   the library), Kinetic below 1 pt/s for 0.2 s.
//
// The collision scenario, like for like with `kinetic bench collision` (issue 29, `StressPile` and
// `CollisionBenchmark` in Sources/Scenes/Bench):
// - 500 squares and circles of mixed sizes in a 1280 x 770 pt box (four static edges), drawn from
//   the same 64-bit linear congruential generator as StressPile (seed 29; per piece: size 0.45-0.85
//   of the cell, a sideways shift, circle or square at even odds), so the pieces are identical.
// - Gravity 1000 pt/s^2 down, density 1 (mass = area / 10^4 as in Kinetic), friction 0.4 on pieces
//   and walls, no restitution, linear damping 1/s and angular damping 4/s (Kinetic's resistance and
//   angular resistance: the same implicit law).
// - 600 steps of 1/60 s (10 s: the pile lands and settles), 8 velocity and 3 position iterations;
//   per item-step, median of 3 freshly built worlds with sleeping allowed and 3 with it off
//   (SetAllowSleeping(false), `kinetic bench collision`'s "sleeping off" run), in alternating rounds.
// - Then one untimed run with sleeping allowed, read after every step, for two steps (1-based), as
//   Kinetic defines them: the landed step, the first step from which the pile height stays within
//   2 % of its height after step 600 through step 600; and the all-asleep step, the first step after
//   which every piece is asleep (0 when that does not happen within the 600 steps).
// - Then the 21 piles of Kinetic's `collision: 21 piles` row (80-120 % of the 500 pieces), one
//   sleeping-on run each, timed as above: their mean per item-step, so the two engines' means
//   compare like for like where one chaotic pile is a single draw.
// - With --pile, nothing but one round of the collision box: one timed run with sleeping allowed,
//   then one with it off (JSON with --json), as `kinetic bench pile` times Kinetic's. `make bench`
//   runs rounds of the two side by side, so each ratio compares runs made seconds apart.
//
// Times are this thread's CPU time (other processes on a shared machine do not count); each row is
// a median over freshly built worlds, as `kinetic bench` measures: "all moving" over fifteen runs,
// "settling" over three.
#include <box2d/box2d.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <vector>

namespace {

constexpr float ptPerMetre = 100.0f;
constexpr float dt = 1.0f / 120.0f;
constexpr int movingSteps = 60;
constexpr int settlingSteps = 600;
constexpr int movingRuns = 15;
constexpr int settlingRuns = 3;

struct Scenario {
    std::unique_ptr<b2World> world;
    std::vector<b2Body*> bodies;
};

Scenario build(int n, bool allowSleep) {
    Scenario s;
    s.world = std::make_unique<b2World>(b2Vec2(0.0f, 0.0f));
    s.world->SetAllowSleeping(allowSleep);
    b2BodyDef groundDef;
    b2Body* ground = s.world->CreateBody(&groundDef);
    const int columns = std::max(1, (int)std::sqrt((double)n));
    s.bodies.reserve(n);
    for (int k = 0; k < n; ++k) {
        const double ax = (k % columns) * 60.0, ay = (k / columns) * 60.0;
        const double angle = k * 2.399963;
        b2Vec2 anchor((float)(ax / ptPerMetre), (float)(ay / ptPerMetre));
        b2BodyDef def;
        def.type = b2_dynamicBody;
        def.position.Set((float)((ax + 50.0 * std::cos(angle)) / ptPerMetre),
                         (float)((ay + 50.0 * std::sin(angle)) / ptPerMetre));
        b2Body* body = s.world->CreateBody(&def);
        b2MassData mass;
        mass.mass = 1.0f;
        mass.center.SetZero();
        mass.I = 0.0f;
        body->SetMassData(&mass);
        b2DistanceJointDef joint;
        joint.Initialize(ground, body, anchor, body->GetPosition());
        joint.length = 30.0f / ptPerMetre;
        joint.minLength = 0.0f;
        joint.maxLength = b2_maxFloat;
        b2LinearStiffness(joint.stiffness, joint.damping, 4.0f, 0.3f, ground, body);
        s.world->CreateJoint(&joint);
        s.bodies.push_back(body);
    }
    return s;
}

// This thread's CPU time, seconds.
double cpuSeconds() {
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// StressPile's pieces: centre (points), side or diameter (points), circle or square.
struct Piece {
    double x, y, size;
    bool circle;
};

constexpr double boxWidth = 1280.0, boxHeight = 770.0;
constexpr int pileCount = 500;
constexpr int collisionSteps = 600;
constexpr int collisionRuns = 3;

std::vector<Piece> stressPile(double w, double h, int count) {
    uint64_t state = 29;
    auto next = [&state]() {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return (double)(state >> 11) / 9007199254740992.0;
    };
    const double cell = std::sqrt(0.55 * w * h / (double)count);
    const int columns = std::max(1, (int)std::floor(w / cell));
    const double cellWidth = w / columns;
    std::vector<Piece> pieces;
    for (int k = 0; k < count; ++k) {
        const double size = cell * (0.45 + 0.4 * next());
        const double shift = (2 * next() - 1) * 0.8 * (cellWidth - size) / 2;
        const bool circle = next() < 0.5;
        pieces.push_back({((double)(k % columns) + 0.5) * cellWidth + shift, ((double)(k / columns) + 0.5) * cell, size, circle});
    }
    return pieces;
}

Scenario buildPile(bool allowSleep, int count = pileCount) {
    Scenario s;
    s.world = std::make_unique<b2World>(b2Vec2(0.0f, 1000.0f / ptPerMetre));
    s.world->SetAllowSleeping(allowSleep);
    b2BodyDef wallsDef;
    b2Body* walls = s.world->CreateBody(&wallsDef);
    const float w = (float)(boxWidth / ptPerMetre), h = (float)(boxHeight / ptPerMetre);
    const b2Vec2 corners[4] = {b2Vec2(0, 0), b2Vec2(w, 0), b2Vec2(w, h), b2Vec2(0, h)};
    for (int e = 0; e < 4; ++e) {
        b2EdgeShape edge;
        edge.SetTwoSided(corners[e], corners[(e + 1) % 4]);
        b2FixtureDef def;
        def.shape = &edge;
        def.friction = 0.4f;
        walls->CreateFixture(&def);
    }
    for (const Piece& p : stressPile(boxWidth, boxHeight, count)) {
        b2BodyDef def;
        def.type = b2_dynamicBody;
        def.position.Set((float)(p.x / ptPerMetre), (float)(p.y / ptPerMetre));
        def.linearDamping = 1.0f;
        def.angularDamping = 4.0f;
        b2Body* body = s.world->CreateBody(&def);
        b2CircleShape circle;
        circle.m_radius = (float)(p.size / 2 / ptPerMetre);
        b2PolygonShape square;
        square.SetAsBox((float)(p.size / 2 / ptPerMetre), (float)(p.size / 2 / ptPerMetre));
        b2FixtureDef fixture;
        fixture.shape = p.circle ? (b2Shape*)&circle : (b2Shape*)&square;
        fixture.density = 1.0f;
        fixture.friction = 0.4f;
        fixture.restitution = 0.0f;
        body->CreateFixture(&fixture);
        s.bodies.push_back(body);
    }
    return s;
}

// The pile's height, points: from the floor to the highest top edge (rotation ignored, as Kinetic's).
double pileHeight(const Scenario& s) {
    double top = boxHeight;
    for (b2Body* b : s.bodies) {
        const b2Shape* shape = b->GetFixtureList()->GetShape();
        const double half = shape->GetType() == b2Shape::e_circle
            ? shape->m_radius * ptPerMetre
            : std::fabs(static_cast<const b2PolygonShape*>(shape)->m_vertices[0].y) * ptPerMetre;
        top = std::min(top, b->GetPosition().y * ptPerMetre - half);
    }
    return boxHeight - top;
}

int awakeCount(const Scenario& s) {
    int awake = 0;
    for (b2Body* b : s.bodies) awake += b->IsAwake() ? 1 : 0;
    return awake;
}

double checksum(const Scenario& s) {
    double sum = 0;
    for (b2Body* b : s.bodies) sum += (b->GetPosition().x + b->GetPosition().y) * ptPerMetre;
    return sum;
}

// One sleeping mode's timed collision runs: the last run's figures and each run's time per item-step.
struct CollisionRuns {
    explicit CollisionRuns(bool allow) : allowSleep(allow) {}
    bool allowSleep;
    std::vector<double> perStep;
    int awake = 0;
    double height = 0, sum = 0;

    void time(int velocityIterations, int positionIterations, int count = pileCount) {
        Scenario c = buildPile(allowSleep, count);
        double t0 = cpuSeconds();
        for (int s = 0; s < collisionSteps; ++s) c.world->Step(1.0f / 60.0f, velocityIterations, positionIterations);
        double t1 = cpuSeconds();
        perStep.push_back((t1 - t0) * 1e9 / (double(collisionSteps) * count));
        awake = awakeCount(c);
        height = pileHeight(c);
        sum = checksum(c);
    }
};

// Kinetic's `collision: 21 piles` row on the same piles: one sleeping-on run of each of 21 piles of
// 80-120 % of the pile's pieces (sizes as BenchSuite.collisionMeanRows works them out), the mean
// time per item-step and how many piles were not all asleep after the last step.
constexpr int meanPiles = 21;
struct PilesMean {
    double meanPerStep = 0;
    int notAsleep = 0;
};

PilesMean pilesMean(int velocityIterations, int positionIterations) {
    PilesMean result;
    for (int k = 0; k < meanPiles; ++k) {
        CollisionRuns run{true};
        run.time(velocityIterations, positionIterations, std::max(1, pileCount * (80 + 40 * k / (meanPiles - 1)) / 100));
        result.meanPerStep += run.perStep[0] / meanPiles;
        if (run.awake > 0) result.notAsleep += 1;
    }
    return result;
}

// The landed and all-asleep steps (1-based) of an untimed run with sleeping allowed, read after every step.
struct PileSettling {
    int landedStep = 0, allAsleepStep = 0;
};

PileSettling settle(int velocityIterations, int positionIterations) {
    Scenario c = buildPile(true);
    std::vector<double> heights;
    PileSettling result;
    for (int s = 1; s <= collisionSteps; ++s) {
        c.world->Step(1.0f / 60.0f, velocityIterations, positionIterations);
        heights.push_back(pileHeight(c));
        if (result.allAsleepStep == 0 && awakeCount(c) == 0) result.allAsleepStep = s;
    }
    const double last = heights.back(), band = 0.02 * std::fabs(last);
    int first = (int)heights.size();
    while (first > 0 && std::fabs(heights[first - 1] - last) <= band) --first;
    result.landedStep = first + 1;
    return result;
}

}  // namespace

int main(int argc, char** argv) {
    int n = 10000, velocityIterations = 8, positionIterations = 3;
    bool json = false, pileOnly = false;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--json") == 0) json = true;
        else if (std::strcmp(argv[i], "--pile") == 0) pileOnly = true;
        else if (std::strcmp(argv[i], "--velocity-iterations") == 0 && i + 1 < argc) velocityIterations = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--position-iterations") == 0 && i + 1 < argc) positionIterations = std::atoi(argv[++i]);
        else n = std::atoi(argv[i]);
    }
    if (n < 1 || n > 1000000 || velocityIterations < 1 || positionIterations < 0) {
        std::fprintf(stderr, "usage: box2d_baseline [N 1...1000000] [--json] [--pile] [--velocity-iterations V>=1] [--position-iterations P>=0]\n");
        return 1;
    }

    if (pileOnly) {
        CollisionRuns on{true}, off{false};
        on.time(velocityIterations, positionIterations);
        off.time(velocityIterations, positionIterations);
        if (json)
            std::printf("{\n  \"box2d_pile_ns_per_item_step\": %.2f,\n  \"box2d_pile_nosleep_ns_per_item_step\": %.2f\n}\n",
                        on.perStep[0], off.perStep[0]);
        else
            std::printf("box2d 2.4.1: pile, %d pieces, sleeping on %10.1f ns/item-step, sleeping off %10.1f ns/item-step (one run each)\n",
                        pileCount, on.perStep[0], off.perStep[0]);
        return 0;
    }

    std::vector<double> build_ms, moving, settling;
    int awakeAfterMoving = 0, awakeAtEnd = 0;
    double sum = 0;
    for (int r = 0; r < movingRuns; ++r) {
        // All moving: sleeping off.
        {
            double t0 = cpuSeconds();
            Scenario a = build(n, false);
            double t1 = cpuSeconds();
            for (int s = 0; s < movingSteps; ++s) a.world->Step(dt, velocityIterations, positionIterations);
            double t2 = cpuSeconds();
            build_ms.push_back((t1 - t0) * 1e3);
            moving.push_back((t2 - t1) * 1e9 / (double(movingSteps) * n));
        }
        if (r >= settlingRuns) continue;
        // Settling: sleeping on, 600 steps from the start.
        Scenario b = build(n, true);
        double t3 = cpuSeconds();
        for (int s = 0; s < movingSteps; ++s) b.world->Step(dt, velocityIterations, positionIterations);
        double t4 = cpuSeconds();
        awakeAfterMoving = awakeCount(b);  // not timed
        double t5 = cpuSeconds();
        for (int s = movingSteps; s < settlingSteps; ++s) b.world->Step(dt, velocityIterations, positionIterations);
        double t6 = cpuSeconds();
        settling.push_back(((t4 - t3) + (t6 - t5)) * 1e9 / (double(settlingSteps) * n));
        awakeAtEnd = awakeCount(b);
        sum = checksum(b);
    }

    // The collision box: 600 steps, sleeping on and off in alternating rounds, then the untimed run.
    CollisionRuns on{true}, off{false};
    for (int r = 0; r < collisionRuns; ++r) {
        on.time(velocityIterations, positionIterations);
        off.time(velocityIterations, positionIterations);
    }
    const PileSettling pile = settle(velocityIterations, positionIterations);
    const PilesMean piles = pilesMean(velocityIterations, positionIterations);

    if (json) {
        std::printf("{\n  \"box2d_collision_ns_per_item_step\": %.2f,\n  \"box2d_collision_awake_after_600_steps\": %d,\n"
                    "  \"box2d_collision_pile_height\": %.2f,\n  \"box2d_collision_checksum\": %.3f,\n"
                    "  \"box2d_collision_all_asleep_step\": %d,\n  \"box2d_collision_landed_step\": %d,\n"
                    "  \"box2d_collision_nosleep_ns_per_item_step\": %.2f,\n  \"box2d_collision_nosleep_awake_after_600_steps\": %d,\n"
                    "  \"box2d_collision_nosleep_pile_height\": %.2f,\n"
                    "  \"box2d_collision_piles_mean_ns_per_item_step\": %.2f,\n  \"box2d_collision_piles_not_asleep\": %d,\n",
                    median(on.perStep), on.awake, on.height, on.sum, pile.allAsleepStep, pile.landedStep,
                    median(off.perStep), off.awake, off.height, piles.meanPerStep, piles.notAsleep);
        std::printf("  \"box2d_items\": %d,\n  \"box2d_velocity_iterations\": %d,\n  \"box2d_position_iterations\": %d,\n"
                    "  \"box2d_build_ms\": %.2f,\n  \"box2d_ns_per_item_step\": %.2f,\n  \"box2d_settling_ns_per_item_step\": %.2f,\n"
                    "  \"box2d_awake_after_60_steps\": %d,\n  \"box2d_awake_after_600_steps\": %d,\n  \"box2d_checksum\": %.3f\n}\n",
                    n, velocityIterations, positionIterations, median(build_ms), median(moving), median(settling),
                    awakeAfterMoving, awakeAtEnd, sum);
    } else {
        std::printf("box2d 2.4.1: build %d bodies (no fixtures)        %10.1f ms\n", n, median(build_ms));
        std::printf("box2d 2.4.1: steps 1-60 (all moving, no sleep)     %10.1f ns/item-step   median of %d; %d/%d iterations\n",
                    median(moving), movingRuns, velocityIterations, positionIterations);
        std::printf("box2d 2.4.1: steps 1-600 (settling, sleep on)      %10.1f ns/item-step   median of %d; awake after step 60 %d, after 600 %d, checksum %.3f\n",
                    median(settling), settlingRuns, awakeAfterMoving, awakeAtEnd, sum);
        std::printf("box2d 2.4.1: collision box, %d pieces, steps 1-600 %10.1f ns/item-step   sleeping on; median of %d; awake after step 600 %d, pile %.0f pt high\n",
                    pileCount, median(on.perStep), collisionRuns, on.awake, on.height);
        std::printf("box2d 2.4.1: collision box, sleeping off           %10.1f ns/item-step   median of %d; awake after step 600 %d, pile %.0f pt high\n",
                    median(off.perStep), collisionRuns, off.awake, off.height);
        std::printf("box2d 2.4.1: collision box, pile landed at step    %10d                sleeping on; height within 2 %% of its final from then on; ",
                    pile.landedStep);
        if (pile.allAsleepStep > 0)
            std::printf("all asleep at step %d, %.1f s after landing\n", pile.allAsleepStep,
                        (pile.allAsleepStep - pile.landedStep) / 60.0);
        else
            std::printf("not all asleep by step %d\n", collisionSteps);
        std::printf("box2d 2.4.1: collision, %d piles of %d-%d, steps 1-600 %7.1f ns/item-step   sleeping on; mean of one run each, %d not all asleep after step %d\n",
                    meanPiles, pileCount * 80 / 100, pileCount * 120 / 100, piles.meanPerStep, piles.notAsleep, collisionSteps);
    }
    return 0;
}
