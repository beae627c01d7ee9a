# Elk (Fortran, mpif.h; Debian elk-lapw): ground state of aluminium (its basic/Al example), 4 self-consistent loops.
app_language="Fortran (mpif.h)"
app_prepare() {
  sed "s#'../../../species/'#'/usr/share/elk-lapw/species/'#" /usr/share/doc/elk-lapw/examples/basic/Al/elk.in > elk.in
  printf '\nmaxscl\n  4\n' >> elk.in
}
app_command=(elk-lapw)
