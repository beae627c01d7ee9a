# MPB (C with a Guile front end; Debian mpb-mpi): photonic band structure of a simple-cubic lattice of dielectric
# spheres, an iterative block eigensolver on FFTW's MPI transforms: many small allreduces (its dot products) and
# the FFTs' transposes. The epsilon file it writes through parallel HDF5 is not written (MPI-IO is not replayed).
app_language="C + Scheme"
export GC_MARKERS=1  # Guile's collector in one thread: its marker threads and signals upset ltrace (the corpus test)
mpb_input() {  # RESOLUTION INTERPOLATED_K_POINTS BANDS
  cat > bands.ctl <<CTL
(define (output-epsilon) #t)
(set! geometry-lattice (make lattice (size 1 1 1)))
(set! geometry (list (make sphere (center 0 0 0) (radius 0.25) (material (make dielectric (epsilon 12))))))
(set! k-points (interpolate $2 (list (vector3 0 0 0) (vector3 0.5 0 0) (vector3 0.5 0.5 0) (vector3 0.5 0.5 0.5))))
(set! resolution $1)
(set! num-bands $3)
(run)
CTL
}
app_prepare() { mpb_input 6 0 2; }
app_campaign() { mpb_input 16 4 8; }  # ~2.3 s at 2 ranks
app_command=(mpb-mpi bands.ctl)
