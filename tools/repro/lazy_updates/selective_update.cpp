// SimGrid 3.32 alone, without tireplay: its selective update (on with network/optim:Lazy, its default) leaves a link
// out of the solve when several communications end their latency at one date. On cluster_figure5, D (h2->h1) and
// E (h1->h1) move 10 MB from 0; at 1 ms, A (h3->h1), B (h3->h0) and C (h2->h0) start with 1 MB each. Enabling A
// marks the links reachable from its first one through the flows already moving; B's and C's first links are among
// them, so they mark nothing, and h0's down link, which only B and C use, is not solved: B and C move at 83.3 MB/s
// each through a 125 MB/s link and end at 0.0130502 s; with full updates (no selective update) at 0.0170503 s.
// build: g++ -std=c++17 -o selective_update selective_update.cpp -lsimgrid
// usage: ./selective_update PLATFORM --cfg=network/model:SMPI --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1
//          --cfg=network/crosstraffic:0 [--cfg=network/optim:Full]
#include <simgrid/s4u.hpp>

#include <cstdio>
#include <string>

namespace sg4 = simgrid::s4u;

static sg4::Host* host(int i)
{
  return sg4::Engine::get_instance()->host_by_name("mycluster-" + std::to_string(i) + ".mysite.fr");
}

static void report(const char* name, const sg4::CommPtr& comm)
{
  comm->wait();
  std::printf("%s ends at %.9f\n", name, sg4::Engine::get_clock());
}

int main(int argc, char** argv)
{
  sg4::Engine engine(&argc, argv);
  engine.load_platform(argv[1]);
  sg4::Actor::create("starter", host(0), []() {
    auto d = sg4::Comm::sendto_async(host(2), host(1), 10000016);
    auto e = sg4::Comm::sendto_async(host(1), host(1), 10000016);
    sg4::this_actor::sleep_until(0.001);
    auto a = sg4::Comm::sendto_async(host(3), host(1), 1000016);  // created first, enabled first
    auto b = sg4::Comm::sendto_async(host(3), host(0), 1000016);
    auto c = sg4::Comm::sendto_async(host(2), host(0), 1000016);
    report("B", b);
    report("C", c);
    report("A", a);
    report("D", d);
    report("E", e);
  });
  engine.run();
}
