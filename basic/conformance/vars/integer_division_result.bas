10 REM / on integers gives a single; \ truncates
20 A%=7:B%=2
30 PRINT A%/B%;A%\B%;A% MOD B%
