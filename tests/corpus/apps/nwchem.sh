# NWChem (Fortran and C, Global Arrays over MPI-3 one-sided communication: windows, lock_all, flushes, accumulates;
# Debian nwchem-openmpi): the SCF energy of a water molecule in the STO-3G basis (the campaign's: aug-cc-pVTZ).
app_language="Fortran + C (MPI-3 RMA)"
nwchem_input() {  # BASIS: the input, a water molecule's SCF energy
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
task scf energy
NW
}
app_prepare() { nwchem_input sto-3g; }
app_command=(nwchem.openmpi h2o.nw)
app_campaign() { nwchem_input aug-cc-pvtz; }  # ~ 5 s at 2 ranks
