10 REM literals below the range become 0: 1E-39 and 2E-39 vanish, 3E-39 survives
20 PRINT 1E-39; 2E-39; 3E-39; 1D-39; 3D-39
