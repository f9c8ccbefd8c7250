10 REM literal text around string fields
20 PRINT USING "Name: & Initial: !";"BOB";"XAVIER"
