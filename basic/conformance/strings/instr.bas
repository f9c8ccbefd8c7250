10 REM INSTR finds a substring, optionally from a start position
20 PRINT INSTR("ABCABC","C");INSTR(4,"ABCABC","C");INSTR("ABC","X");INSTR("ABC","")
30 PRINT INSTR(2,"ABC","");INSTR(5,"ABC","A");INSTR("","A");INSTR("AAB","AB")
