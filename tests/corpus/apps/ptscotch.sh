# PT-Scotch (C; Debian ptscotch and scotch): nested-dissection ordering of a distributed graph (dgord), the 7-point
# mesh of a cube made by Scotch's gmk_m3: graph algorithms, irregular all-to-all and gather traffic, communicators
# split as the graph is folded. One thread per rank (SCOTCH_PTHREAD_NUMBER=1): PT-Scotch's threads otherwise call
# MPI concurrently, which the tracer does not record (it warns).
app_language="C"
export SCOTCH_PTHREAD_NUMBER=1
app_prepare() { gmk_m3 16 16 16 cube.grf; }
app_campaign() { gmk_m3 70 70 70 cube.grf; }  # 343,000 vertices, ~2.5 s at 2 ranks
app_command=(dgord cube.grf /dev/null)
