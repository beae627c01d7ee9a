# Elk (Fortran, mpif.h; Debian elk-lapw): ground state of aluminium (its basic/Al example), 4 self-consistent loops.
app_language="Fortran (mpif.h)"
app_prepare() {
  sed "s#'../../../species/'#'/usr/share/elk-lapw/species/'#" /usr/share/doc/elk-lapw/examples/basic/Al/elk.in > elk.in
  printf '\nmaxscl\n  4\n' >> elk.in
}
app_command=(elk-lapw)
app_campaign() {  # a 12x12x12 k-point grid, 8 loops: ~3 s at 2 ranks (k-points are shared among the ranks)
  sed -i '/^ngridk/{n;s/.*/  12 12 12/}' elk.in
  printf '\nmaxscl\n  8\n' >> elk.in
}
