# LAMMPS (C++, Debian lammps + lammps-examples): the peptide example (PPPM, several communicators), 50 steps.
app_language="C++"
app_prepare() {
  cp /usr/share/lammps/examples/peptide/in.peptide /usr/share/lammps/examples/peptide/data.peptide* .
  if [ -f data.peptide.gz ]; then gunzip -f data.peptide.gz; fi
  sed -i 's/^run[[:space:]]*300/run 50/' in.peptide
}
app_command=(lmp -in in.peptide)
