# Gerris (C, Debian gerris): a lid-driven cavity, one box refined to level 6, split into 4 boxes for 4 ranks
# (`gerris2D -s 1 -b 4`), 20 time steps. Its boundary exchanges are small MPI_Isends completed one by one, which
# Open MPI gives one shared request handle: the tracer must not confuse them (50 steps: 6,486 isends per rank, each
# completed once; keyed by handle alone, 3,245 completions were left).
app_language="C"
app_prepare() {  # app_prepare [RANKS]: the box split into that many (default 4)
  cat > lid.gfs <<'GFS'
1 0 GfsSimulation GfsBox GfsGEdge {} {
  Time { iend = 20 dtmax = 1e-2 }
  Refine 6
  Init {} { U = 0 V = 0 }
  OutputTime { istep = 10 } stderr
}
GfsBox {
  top = Boundary { BcDirichlet U 1 BcDirichlet V 0 }
  bottom = Boundary { BcDirichlet U 0 BcDirichlet V 0 }
  left = Boundary { BcDirichlet U 0 BcDirichlet V 0 }
  right = Boundary { BcDirichlet U 0 BcDirichlet V 0 }
}
GFS
  gerris2D -s 1 -b "${1:-4}" lid.gfs > lid4.gfs
}
app_command=(gerris2D lid4.gfs)
# The what-if campaign's size (tools/lab/whatif.sh): 500 time steps, about 2.5 s at 2 ranks here.
app_campaign() { sed -i 's/iend = 20 /iend = 500 /' lid4.gfs; }
