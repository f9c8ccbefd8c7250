10 REM ? is a shorthand for PRINT, also without a space
20 ?1;2
30 ?"A":?"B"
