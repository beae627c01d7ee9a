# LAMMPS (C++, Debian lammps + lammps-examples): the peptide example (PPPM, several communicators), 50 steps.
app_language="C++"
app_prepare() {
  cp /usr/share/lammps/examples/peptide/in.peptide /usr/share/lammps/examples/peptide/data.peptide* .
  if [ -f data.peptide.gz ]; then gunzip -f data.peptide.gz; fi
  sed -i 's/^run[[:space:]]*300/run 50/' in.peptide
}
app_command=(lmp -in in.peptide)
# The what-if campaign's size (tools/lab/whatif.sh): 300 steps, about 2 s at 2 ranks here.
app_campaign() { sed -i 's/^run[[:space:]]*50$/run 300/' in.peptide; }
