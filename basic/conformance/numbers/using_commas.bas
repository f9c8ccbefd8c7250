10 REM PRINT USING , before the point groups thousands
20 PRINT USING "#,###.##"; 1234.567
30 PRINT USING "##,###,###"; 1234567
40 PRINT USING "#,###"; 999; 1000
