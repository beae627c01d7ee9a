// Open MPI's in-order binary reduce (reduce__ompi_in_order_binary, reduce-ompi.cpp in SMPI), meant for
// non-commutative operations: the whole vector is reduced (ompi_generic.hpp, one segment) along the in-order
// binary tree rooted at rank p - 1, which then sends the result to the root if that is another rank.
#include "replay/collectives/algorithms.hpp"
#include "replay/collectives/reduce/ompi_generic.hpp"

#include <algorithm>

namespace tireplay::algorithms {

namespace {
/// ompi_coll_tuned_topo_build_in_order_bintree, as seen by `rank`. A (sub)tree of n ranks delta .. delta + n - 1
/// has its root at the top; its right subtree holds the lower n / 2 ranks, its left one those between them and
/// the root. Descends from the whole tree into the subtree holding `rank` until `rank` is the top.
OmpiTree in_order_binary_tree(int size, int rank)
{
  OmpiTree t;
  t.root = size - 1;
  int n = size, me = rank, top = size - 1, delta = 0;
  while (true) {
    int right = n >> 1, lchild = -1, rchild = -1;
    if (n > 1) {
      lchild = top - 1;
      if (lchild > 0)
        rchild = right - 1;
    }
    if (me == top) {
      if (lchild >= 0)
        t.children.push_back(lchild + delta);
      if (rchild >= 0)
        t.children.push_back(rchild + delta);
      return t;
    }
    if (me > rchild) {  // in the left subtree
      if (me == lchild)
        t.parent = top + delta;
      n -= right + 1;
      delta += right;
      me -= right;
      top = n - 1;
    } else {  // in the right subtree
      if (me == rchild)
        t.parent = top + delta;
      n   = right;
      top = rchild;
    }
  }
}
} // namespace

void reduce_ompi_in_order_binary(Coll& c, const CollArgs& a)
{
  uint64_t type_size = std::max(a.datatype_size, 1), count = a.bytes / type_size;  // MPI_DATATYPE_NULL: 0 bytes
  const int top = c.size() - 1;
  reduce_ompi_generic(c, in_order_binary_tree(c.size(), c.rank()), count, type_size, count);
  if (count == 0 || a.root == top)
    return;
  if (c.rank() == a.root)
    c.recv(top, count * type_size, kTagReduce);
  else if (c.rank() == top)
    c.send(a.root, count * type_size, kTagReduce);
}

} // namespace tireplay::algorithms
