10 REM a field too narrow for "-0.xx" first drops the 0 before the point (PFX40)
20 PRINT USING "#.##"; -.001; -.5
30 PRINT USING "#.#"; -.04
