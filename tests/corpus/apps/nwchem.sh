# NWChem (Fortran and C, Global Arrays over MPI-3 one-sided communication: windows, lock_all, flushes, accumulates;
# Debian nwchem-openmpi): a water molecule's SCF energy in the STO-3G basis; the campaign's, its B3LYP energy in
# aug-cc-pVTZ (~2 s at 2 ranks).
app_language="Fortran + C (MPI-3 RMA)"
nwchem_input() {  # BASIS TASK (scf, dft)
  cat > h2o.nw <<NW
start h2o
title "water"
geometry units angstrom
O 0 0 0
H 0 0.757 0.587
H 0 -0.757 0.587
end
basis
* library $1
end
dft
  xc b3lyp
end
task $2 energy
NW
}
app_prepare() { nwchem_input sto-3g scf; }
app_command=(nwchem.openmpi h2o.nw)
app_campaign() { nwchem_input aug-cc-pvtz dft; }
