// Box2D 2.4.1 baseline for issue 3's physics benchmark, built against Debian's libbox2d-dev
// (`make bench-box2d`). The same scenario as `kinetic bench physics`: N dynamic 40x40 bodies, each
// on a distance joint (4 Hz, damping ratio 0.3, rest length 30) to its own anchor on a static
// body, starting 50 away; no gravity; 600 steps of 1/120 s (8 velocity, 3 position iterations).
// Bodies sit on a grid 100 apart and do not collide with each other, so only the joints cost.
#include <box2d/box2d.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    const int n = argc > 1 ? std::atoi(argv[1]) : 10000;
    const int steps = 600;
    const float dt = 1.0f / 120.0f;
    b2World world(b2Vec2(0.0f, 0.0f));
    b2BodyDef groundDef;
    b2Body* ground = world.CreateBody(&groundDef);
    b2PolygonShape box;
    box.SetAsBox(20.0f, 20.0f);
    b2FixtureDef fixture;
    fixture.shape = &box;
    fixture.density = 1.0f / 1600.0f;     // mass 1 for a 40x40 box
    fixture.filter.groupIndex = -1;        // never collide with each other
    const int columns = 100;
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < n; ++i) {
        b2Vec2 anchor(100.0f * (i % columns), 100.0f * (i / columns));
        b2BodyDef def;
        def.type = b2_dynamicBody;
        def.position = anchor + b2Vec2(50.0f, 0.0f);
        b2Body* body = world.CreateBody(&def);
        body->CreateFixture(&fixture);
        b2DistanceJointDef joint;
        joint.Initialize(ground, body, anchor, body->GetPosition());
        joint.length = 30.0f;
        joint.minLength = 0.0f;
        joint.maxLength = 1e6f;
        b2LinearStiffness(joint.stiffness, joint.damping, 4.0f, 0.3f, ground, body);
        world.CreateJoint(&joint);
    }
    auto t1 = std::chrono::steady_clock::now();
    for (int s = 0; s < 60; ++s) world.Step(dt, 8, 3);
    auto t2 = std::chrono::steady_clock::now();
    for (int s = 60; s < steps; ++s) world.Step(dt, 8, 3);
    auto t3 = std::chrono::steady_clock::now();
    double checksum = 0;
    for (b2Body* b = world.GetBodyList(); b; b = b->GetNext()) checksum += b->GetPosition().x;
    auto ns = [](auto a, auto b) { return (double)std::chrono::duration_cast<std::chrono::nanoseconds>(b - a).count(); };
    std::printf("box2d 2.4.1: build %d bodies                %8.1f ms\n", n, ns(t0, t1) / 1e6);
    std::printf("box2d 2.4.1: steps 1-60 (all moving)       %8.1f ns/body-step\n", ns(t1, t2) / (60.0 * n));
    std::printf("box2d 2.4.1: steps 1-600 (settling)        %8.1f ns/body-step   checksum %.3f\n", ns(t1, t3) / (600.0 * n), checksum);
    return 0;
}
