// Fat-tree construction and paths (Dimakopoulos and Dimopoulos 1995, Sec. 2): capacity patterns, bad parameters,
// leaf distances 2i across a level-i node.
#include <doctest/doctest.h>

#include "checked.hpp"
#include "fattree/tree.hpp"

using namespace blockcast;
using namespace blockcast::fattree;

TEST_CASE("capacity patterns CBFT, EBFT, linear and explicit lists") {
  auto c = make_tree(16, "cbft");
  CHECK(c.h == 4);
  for (int i = 1; i <= 4; ++i) CHECK(c.cap(i) == 1);
  auto e = make_tree(16, "ebft");
  CHECK(e.cap(1) == 1);
  CHECK(e.cap(4) == 8);
  auto l = make_tree(16, "linear");
  CHECK(l.cap(3) == 3);
  auto x = make_tree(8, "1,3,3");
  CHECK(x.cap(2) == 3);
  CHECK(x.pattern == "custom");
}

TEST_CASE("bad fat-tree parameters are one-line InputErrors") {
  CHECK_THROWS_AS(make_tree(6, "cbft"), InputError);
  CHECK_THROWS_AS(make_tree(1, "cbft"), InputError);
  CHECK_THROWS_AS(make_tree(0, "cbft"), InputError);
  CHECK_THROWS_AS(make_tree(8, "1,2"), InputError);      // wrong length
  CHECK_THROWS_AS(make_tree(8, "2,1,3"), InputError);    // decreasing
  CHECK_THROWS_AS(make_tree(8, "0,1,1"), InputError);    // zero
  CHECK_THROWS_AS(make_tree(8, "1,x,1"), InputError);    // malformed
  CHECK_THROWS_AS(make_tree(8, "fat"), InputError);
  CHECK_THROWS_WITH_AS(make_tree(8, "2,1,3"),
                       "fat tree: capacities must not decrease toward the root, but c2 = 1 < c1 = 2", InputError);
}

TEST_CASE("paths go up to the lowest common ancestor and down, distance 2i") {
  auto T = make_tree(8, "cbft");
  CHECK(distance(0, 1) == 2);
  CHECK(distance(0, 3) == 4);
  CHECK(distance(2, 5) == 6);
  auto p = path_links(T, 2, 5);
  REQUIRE(p.size() == 6);
  CHECK(T.link_name(p[0]) == "up 0:2");
  CHECK(T.link_name(p[1]) == "up 1:1");
  CHECK(T.link_name(p[2]) == "up 2:0");
  CHECK(T.link_name(p[3]) == "down 2:1");
  CHECK(T.link_name(p[4]) == "down 1:2");
  CHECK(T.link_name(p[5]) == "down 0:5");
  for (std::int64_t id = 0; id < T.node_count(); ++id) CHECK(T.node_id(T.node_of(id)) == id);
}
