10 REM LOG and EXP use Microsoft's polynomials in single precision
20 PRINT LOG(1.5); LOG(150); LOG(256); LOG(32768); LOG(65536); LOG(1)
30 PRINT EXP(1); EXP(0); EXP(1.5); EXP(-1); EXP(10); EXP(-88)
