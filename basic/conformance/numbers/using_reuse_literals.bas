10 REM the format is reused; text after the last field is printed at the end
20 PRINT USING "<##>"; 1; 2; 3
30 PRINT USING "A=## B=## END"; 1
40 PRINT USING "_###"; 5
