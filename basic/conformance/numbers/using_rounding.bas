10 REM PRINT USING rounds through GW's digit machinery (the value is bracketed with
20 REM powers of ten and rounded in single precision first): .005 rounds up here
30 PRINT USING "###.##"; .005; .015; 2.675; 1.005
40 PRINT USING "#.#"; .05; .25; .35
